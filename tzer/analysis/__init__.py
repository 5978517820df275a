"""Campaign analysis: `tzer plot` and `tzer status` (CLI entry points in the plot and status modules)."""
