"""Canonicalization patterns, one module per dialect, imported lazily by the dialects' traits."""
