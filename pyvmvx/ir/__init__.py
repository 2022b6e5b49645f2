"""Shared IR helpers below the dialects: located diagnostics and pyvmvx's parser, memref
layouts, index-arithmetic builders, semi-affine expressions, compact splat constants."""
