"""The one error the fuzzer has to handle: coverage cannot be collected here."""


class CoverageUnavailable(RuntimeError):
    """The requested coverage backend cannot run on this machine or with this TVM build."""
