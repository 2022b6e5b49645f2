"""The contract every fuzz harness asserts, and the machinery that runs a harness.

A `Surface` is one input surface: a target that takes the fuzzer's bytes, the exception types
it may raise, and a wall-clock budget per input. `Surface.check(data)` runs the target once
under that budget (a `setitimer` alarm, where there is one, on the main thread) and raises
`ContractViolation` if anything else escapes or the budget runs out; targets raise
`ContractViolation` themselves for contract parts that are not exceptions (guard bytes, a
read-only buffer changed). Memory is bounded per process, not per input: `limit_memory` sets
`RLIMIT_AS` once, to the address space in use plus `MEMORY_BUDGET`, so an input that needs
more gets a `MemoryError`, which is a violation unless the code under test turns it into an
allowed error.

`main(surface)` is each harness's command line:

- `fuzz_X.py [libFuzzer flags] [corpus dirs]` fuzzes with atheris (the `fuzz` extra);
- `fuzz_X.py --check --report FILE --crash-dir DIR [--examples N] [--seed S] [--exclude NAME]`
  runs every entry of `corpus/<surface>/` and N hypothesis mutations (byte flips, truncations,
  insertions) of the entries not excluded, derandomized unless a seed is given; it writes a
  JSON report and saves each violating input in DIR as `crash-<sha1>`. `test_fuzz_corpora.py`
  runs this, in one subprocess per harness.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pyvmvx.runtime import Buffer

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

CORPUS = Path(__file__).parent / "corpus"
MEMORY_BUDGET = 1 << 30
"""Bytes of address space a harness process may use beyond what it holds after its imports."""
GUARD = 64
"""Guard bytes on each side of a `Guarded` buffer."""
GUARD_BYTE = 0xA5
REPORTED_BYTES = 200
"""How much of a violating input a report quotes (the whole input is saved to a file)."""


class ContractViolation(AssertionError):
    """An input broke a harness's contract."""


class TimeLimit(BaseException):
    """The per-input time budget ran out (a BaseException, so `except Exception` keeps out)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise `TimeLimit` in the block once it has run `seconds` of wall-clock time.

    Needs `signal.setitimer` and the main thread; elsewhere the block is not limited. A
    SIGALRM handler that Python did not install (libFuzzer's `-timeout`) is replaced for good.
    """
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TimeLimit(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)


def limit_memory(budget: int = MEMORY_BUDGET) -> None:
    """Cap this process's address space at its current size plus `budget` (Linux only)."""
    import resource

    statm = Path("/proc/self/statm")
    if not statm.exists():
        return
    in_use = int(statm.read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (in_use + budget, in_use + budget))


@dataclass(frozen=True)
class Surface:
    """An input surface: `target(data)` may raise only `allowed`, within `seconds` and
    `memory`."""

    name: str
    target: Callable[[bytes], object]
    allowed: tuple[type[BaseException], ...]
    seconds: float
    memory: int = MEMORY_BUDGET
    """Bytes of address space the harness process may use beyond its imports."""

    def check(self, data: bytes) -> None:
        """Run the target on `data`; `ContractViolation` if the contract does not hold."""
        try:
            with time_limit(self.seconds):
                self.target(data)
        except ContractViolation:
            raise
        except self.allowed:
            pass
        except TimeLimit:
            raise ContractViolation(f"{self.name}: took over {self.seconds} s") from None
        except KeyboardInterrupt:
            raise
        except BaseException as err:
            raise ContractViolation(f"{self.name}: {type(err).__name__} escaped: {err}") from err

    def corpus(self) -> list[Path]:
        """The seed corpus and regression entries of this surface, by name."""
        return sorted(p for p in (CORPUS / self.name).iterdir() if p.is_file())


@dataclass(eq=False)
class Guarded:
    """A zero-filled `Buffer` of `length` bytes in the middle of a backing array whose
    `GUARD` bytes on each side must never change."""

    length: int
    mutable: bool
    backing: np.ndarray = field(init=False)
    buffer: Buffer = field(init=False)
    initial: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.backing = np.full(self.length + 2 * GUARD, GUARD_BYTE, np.uint8)
        self.backing[GUARD : GUARD + self.length] = 0
        self.buffer = Buffer(self.backing[GUARD : GUARD + self.length], mutable=self.mutable)
        self.initial = self.backing.copy()

    def load(self, data: bytes) -> None:
        """Start the buffer with `data` (cut to its length; the rest stays zero): its contents
        before the call, which `check` compares with."""
        data = data[: self.length]
        self.backing[GUARD : GUARD + len(data)] = np.frombuffer(data, np.uint8)
        self.initial = self.backing.copy()

    def check(self, *, unchanged: bool = False) -> None:
        """`ContractViolation` if a guard byte changed, a read-only buffer changed, or (with
        `unchanged`, after a refused call) anything changed."""
        if (self.backing[:GUARD] != GUARD_BYTE).any() or (
            self.backing[GUARD + self.length :] != GUARD_BYTE
        ).any():
            raise ContractViolation(f"wrote outside a {self.length}-byte buffer")
        if (unchanged or not self.mutable) and (self.backing != self.initial).any():
            kind = "a refused call" if unchanged else "a read-only buffer"
            raise ContractViolation(f"{kind} changed a {self.length}-byte buffer")


# ---------------------------------------------------------------------------------------------
# Running a harness: the corpus, hypothesis mutations of it, atheris
# ---------------------------------------------------------------------------------------------


def _mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """`data` with each edit applied: (0, at, mask) flips bits of a byte, (1, at, _) cuts
    the end off, (2, at, inserted) inserts; positions wrap around the current length."""
    out = bytearray(data)
    for kind, at, payload in edits:
        if kind == 0 and out:
            out[at % len(out)] ^= payload[0]
        elif kind == 1:
            del out[at % max(len(out), 1) :]
        elif kind == 2:
            at %= len(out) + 1
            out[at:at] = payload
    return bytes(out)


def mutants(seeds: Sequence[bytes]) -> SearchStrategy[bytes]:
    """Seeds with one to four byte flips, truncations or insertions."""
    from hypothesis import strategies as st

    edit = st.tuples(
        st.integers(0, 2),
        st.integers(0, 1 << 20),
        st.binary(min_size=1, max_size=16).filter(lambda b: b[0] != 0),
    )
    return st.builds(_mutate, st.sampled_from(list(seeds)), st.lists(edit, min_size=1, max_size=4))


def _describe(err: ContractViolation, data: bytes, saved: Path) -> str:
    shown = data[:REPORTED_BYTES]
    more = f" ... ({len(data)} bytes)" if len(data) > REPORTED_BYTES else ""
    trace = "".join(traceback.format_exception(err)[-40:])
    return f"{err}\ninput {shown!r}{more}\nsaved as {saved}\n{trace}"


def _save(crash_dir: Path, data: bytes) -> Path:
    path = crash_dir / f"crash-{hashlib.sha1(data).hexdigest()[:16]}"
    path.write_bytes(data)
    return path


def run_checks(
    surface: Surface, examples: int, crash_dir: Path, seed_value: int | None, exclude: set[str]
) -> dict[str, Any]:
    """The `--check` run: every corpus entry, then `examples` mutations of the entries not in
    `exclude` (known findings); the JSON report, with each distinct violating mutant once."""
    from hypothesis import HealthCheck, Phase, given, seed, settings  # not under atheris

    crash_dir.mkdir(parents=True, exist_ok=True)
    current = crash_dir / "running-input"

    def violation(data: bytes) -> str | None:
        current.write_bytes(data)  # left behind if the process dies on this input
        try:
            surface.check(data)
        except ContractViolation as err:
            return _describe(err, data, _save(crash_dir, data))
        return None

    start = time.monotonic()
    entries = surface.corpus()
    report: dict[str, Any] = {"corpus": {p.name: violation(p.read_bytes()) for p in entries}}
    corpus_seconds = time.monotonic() - start
    found: dict[bytes, str] = {}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=seed_value is None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(mutants([p.read_bytes() for p in entries if p.name not in exclude]))
    def mutations(data: bytes) -> None:
        if data not in found and (message := violation(data)) is not None:
            found[data] = message

    (mutations if seed_value is None else seed(seed_value)(mutations))()
    current.unlink(missing_ok=True)
    report["mutations"] = list(found.values())
    report["seconds"] = {"corpus": corpus_seconds, "mutations": time.monotonic() - start}
    return report


def main(surface: Surface) -> None:
    """The command line of a harness (see the module docstring)."""
    if sys.argv[1:2] == ["--check"]:
        parser = argparse.ArgumentParser(prog=f"{Path(sys.argv[0]).name} --check")
        parser.add_argument("--report", type=Path, required=True)
        parser.add_argument("--crash-dir", type=Path, required=True)
        parser.add_argument("--examples", type=int, default=50)
        parser.add_argument("--seed", type=int, default=None, help="random, not derandomized")
        parser.add_argument("--exclude", action="append", default=[], help="no mutants of it")
        args = parser.parse_args(sys.argv[2:])
        limit_memory(surface.memory)
        report = run_checks(surface, args.examples, args.crash_dir, args.seed, set(args.exclude))
        args.report.write_text(json.dumps(report, indent=1))
        return
    try:
        import atheris  # type: ignore[import-not-found]
    except ImportError:
        print("atheris (extra 'fuzz') not installed: skipping", file=sys.stderr)
        return
    atheris.instrument_all()
    limit_memory(surface.memory)
    atheris.Setup(sys.argv, surface.check)
    atheris.Fuzz()
