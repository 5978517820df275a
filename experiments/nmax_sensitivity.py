"""N_max sensitivity: coverage as a function of `--n-max K`.

N_max is the threshold on a seed's counter N (the paper's Algorithm 1) at which its pass sequence
gets mutated. By default a subset of K is run; --all-k runs every K from 1 to 10.

    PYTHONPATH=. python experiments/nmax_sensitivity.py --dry-run
    PYTHONPATH=. python experiments/nmax_sensitivity.py --all-k --full
"""

import sys

from campaigns import Config, make_parser, run_study

ALL_K = list(range(1, 11))
DEFAULT_K = [1, 2, 4, 6, 8, 10]


def main() -> int:
    parser = make_parser(__doc__.splitlines()[0], "nmax")
    parser.add_argument("--all-k", action="store_true", help="every K in 1..10 (default: 1 2 4 6 8 10)")
    args = parser.parse_args()
    configs = [Config(f"nmax-{k}", ("--n-max", str(k))) for k in (ALL_K if args.all_k else DEFAULT_K)]
    return run_study(args, configs, "N_max sensitivity")


if __name__ == "__main__":
    sys.exit(main())
