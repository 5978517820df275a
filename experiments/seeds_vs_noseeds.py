"""Seeds vs no seeds: the shipped seed corpus against starting from an empty function.

    PYTHONPATH=. python experiments/seeds_vs_noseeds.py --dry-run
    PYTHONPATH=. python experiments/seeds_vs_noseeds.py --full --reps 3
"""

import sys

from campaigns import Config, make_parser, run_study

CONFIGS = [
    Config("seeds", ()),
    Config("no-seeds", ("--seeds", "none")),
]


def main() -> int:
    parser = make_parser(__doc__.splitlines()[0], "seeds")
    return run_study(parser.parse_args(), CONFIGS, "Seeds vs no seeds")


if __name__ == "__main__":
    sys.exit(main())
