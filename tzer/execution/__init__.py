"""Running tests: long-lived worker processes that import TVM once, and their parent side."""
