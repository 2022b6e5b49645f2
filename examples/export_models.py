"""Export the bundled PyTorch models to linalg-on-tensors MLIR with torch-mlir.

Writes, for each model, `examples/<name>.mlir` (torch-mlir's `linalg-on-tensors` output of
`torch_mlir.fx.export_and_import`, weights inlined as `dense` constants) and
`examples/<name>.npz` (`input0`, `input1`, … the inputs; `output0`, … PyTorch's outputs).
The models are small (weights of a few hundred KB at most), built with fixed seeds and run in
eval mode, so the files are reproducible with the pinned versions of the `torch` extra:

    python3 -m pip install -e '.[torch]'
    python3 examples/export_models.py [--only NAME] [--out DIR]

`tests/e2e/test_examples_torch.py` compiles each `.mlir` with pyvmvx and compares with the
`.npz`; it needs numpy and pyvmvx only.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch_mlir import fx

EXAMPLES = Path(__file__).parent


class MLP(nn.Module):
    """Linear → ReLU → Linear → ReLU → Linear: 64 → 128 → 64 → 10."""

    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(64, 128),
            nn.ReLU(),
            nn.Linear(128, 64),
            nn.ReLU(),
            nn.Linear(64, 10),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.layers(x)


class SmallCNN(nn.Module):
    """conv → batch-norm → relu → max-pool, twice; adaptive average pool; linear."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, kernel_size=3, padding=1),
            nn.BatchNorm2d(16),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.classifier = nn.Linear(16, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.pool(self.features(x))
        return self.classifier(torch.flatten(x, 1))


def _mlp() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    return MLP(), (torch.randn(4, 64),)


def _cnn() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    model = SmallCNN()
    # Non-trivial running statistics, so eval-mode batch-norm is not the identity.
    for module in model.modules():
        if isinstance(module, nn.BatchNorm2d):
            module.running_mean.uniform_(-0.5, 0.5)
            module.running_var.uniform_(0.5, 2.0)
            nn.init.uniform_(module.weight, 0.5, 1.5)
            nn.init.uniform_(module.bias, -0.2, 0.2)
    return model, (torch.randn(2, 3, 16, 16),)


def _transformer() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    layer = nn.TransformerEncoderLayer(
        d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True
    )
    return layer, (torch.randn(2, 8, 32),)


MODELS: dict[str, Callable[[], tuple[nn.Module, tuple[torch.Tensor, ...]]]] = {
    "mlp": _mlp,
    "cnn": _cnn,
    "transformer": _transformer,
}


def export(name: str, out: Path) -> None:
    torch.manual_seed(0)
    model, inputs = MODELS[name]()
    model.eval()
    with torch.no_grad():
        outputs = model(*inputs)
        module = fx.export_and_import(model, *inputs, output_type="linalg-on-tensors")
    if isinstance(outputs, torch.Tensor):
        outputs = (outputs,)
    arrays = {f"input{i}": t.numpy() for i, t in enumerate(inputs)}
    arrays |= {f"output{i}": t.numpy() for i, t in enumerate(outputs)}
    (out / f"{name}.mlir").write_text(str(module))
    np.savez(out / f"{name}.npz", **arrays)
    size = (out / f"{name}.mlir").stat().st_size
    print(f"wrote {name}.mlir ({size} bytes) and {name}.npz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(MODELS), action="append")
    parser.add_argument("--out", type=Path, default=EXAMPLES)
    args = parser.parse_args()
    for name in args.only or MODELS:
        export(name, args.out)


if __name__ == "__main__":
    main()
