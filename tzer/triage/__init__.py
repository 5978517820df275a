"""From findings to bugs: signatures, grouping, confirmation, reduction and reports."""
