"""Op interfaces over the dialects (tiling models of compute ops) used by passes."""
