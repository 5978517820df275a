"""`python -m tzer` is the `tzer` command."""

import sys

from tzer.cli import main

sys.exit(main())
