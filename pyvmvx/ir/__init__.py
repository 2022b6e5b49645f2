"""Shared IR helpers below the dialects: located diagnostics, memref layouts, index arithmetic."""
