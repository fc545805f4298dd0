"""rulesbot: answers questions about the laws of bridge by quoting the law itself."""

__version__ = "0.1.0"
