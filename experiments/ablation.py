"""Ablation study: what each part of tzer adds to coverage.

Five configurations, each adding one component to the previous one: coverage feedback,
domain-specific IR mutators, random pass mutation, then evolutionary (joint IR-pass) mutation.

    PYTHONPATH=. python experiments/ablation.py --dry-run
    PYTHONPATH=. python experiments/ablation.py --reps 3            # 5 min per campaign
    PYTHONPATH=. python experiments/ablation.py --full --reps 3     # 4 h per campaign
"""

import sys

from campaigns import Config, make_parser, run_study

CONFIGS = [
    Config("1-general-no-feedback", ("--no-feedback", "--mutators", "general", "--pass-mutation", "none")),
    Config("2-general", ("--mutators", "general", "--pass-mutation", "none")),
    Config("3-all-mutators", ("--mutators", "all", "--pass-mutation", "none")),
    Config("4-random-passes", ("--mutators", "all", "--pass-mutation", "random")),
    Config("5-evolutionary-passes", ("--mutators", "all", "--pass-mutation", "evolutionary")),
]


def main() -> int:
    parser = make_parser(__doc__.splitlines()[0], "ablation")
    return run_study(parser.parse_args(), CONFIGS, "Ablation study")


if __name__ == "__main__":
    sys.exit(main())
