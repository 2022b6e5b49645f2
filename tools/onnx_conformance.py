"""ONNX's backend node tests as a conformance suite for pyvmvx (opt-in; not in the test run).

For each node test of the installed `onnx` package (its `onnx/backend/test/data/node` folder
when the package ships it, else the same cases generated from `onnx.backend.test.case.node`,
written in the same layout: `model.onnx`, `test_data_set_*/input_*.pb`, `output_*.pb`):

1. import the model with torch-mlir's ONNX importer (what `torch-mlir-import-onnx` does);
2. lower it with torch-mlir's pass pipeline
   `builtin.module(torch-onnx-to-torch-backend-pipeline,
   torch-backend-to-linalg-on-tensors-backend-pipeline)`;
3. compile the linalg-on-tensors module with `pyvmvx.compile` in both codegen modes
   (`ukernels=all` and `ukernels=none`), run its function on every data set's inputs with
   `pyvmvx.load`, and compare with ONNX's outputs (rtol 1e-3, atol 1e-7, NaNs equal; shape
   and dtype must match, except that an unsigned integer result may come back as the signed
   type of its width: MLIR's integers are signless, so its bits are compared).

The table (test | status per mode) and the totals go to `docs/onnx-conformance.md` (`--doc`).
Statuses: `pass`; `mismatch`; `compile error` (first line of pyvmvx's message); `run error`
(the runtime's); `timeout` (pyvmvx outlasted the per-test timeout); `crash` (the worker
died or hung in pyvmvx); `conversion failed` (torch-mlir could not import or lower the model,
or crashed or hung doing so); `skipped` (inputs or outputs that are not tensors: sequences,
optionals, maps).

Needs the `onnx` extra (`python3 -m pip install -e '.[onnx]'`). Run:

    python3 tools/onnx_conformance.py [--filter REGEX] [--jobs N] [--timeout SECONDS]

Each test runs in a worker process (`--jobs` of them), under a per-test timeout; a worker that
does not answer in time is killed and replaced. Results are appended, one JSON object a line,
to `--results` as they arrive; `--resume` skips the tests already there, and `--render-only`
writes the document from such a file.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import datetime
import json
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DOC = ROOT / "docs" / "onnx-conformance.md"
PIPELINE = (
    "builtin.module(torch-onnx-to-torch-backend-pipeline,"
    "torch-backend-to-linalg-on-tensors-backend-pipeline)"
)
MODES = ("all", "none")
RTOL = 1e-3
ATOL = 1e-7

Result = dict[str, Any]
CONVERTED = "converted"  # the worker's line between torch-mlir's work and pyvmvx's


# --------------------------------------------------------------------------- test data


def _onnx_node_data() -> Path | None:
    import onnx

    data = Path(onnx.__file__).parent / "backend" / "test" / "data" / "node"
    return data if data.is_dir() and any(data.iterdir()) else None


def _write_generated_cases(out: Path, pattern: re.Pattern[str]) -> None:
    """Write the node cases of `onnx.backend.test.case.node` in the shipped data's layout
    (what onnx's `backend-test-tools generate-data` writes); a case with a non-tensor input
    or output gets a `skipped` file instead of data."""
    import warnings

    from onnx import numpy_helper
    from onnx.backend.test.case import node

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = node.collect_testcases()
    for case in cases:
        if not pattern.search(case.name):
            continue
        folder = out / case.name
        folder.mkdir(parents=True, exist_ok=True)
        assert case.model is not None
        (folder / "model.onnx").write_bytes(case.model.SerializeToString())
        graph = case.model.graph
        values = [*graph.input, *graph.output]
        if any(not v.type.HasField("tensor_type") for v in values):
            (folder / "skipped").write_text("non-tensor input or output (sequence/optional/map)")
            continue
        for i, (inputs, outputs) in enumerate(case.data_sets or []):
            data_set = folder / f"test_data_set_{i}"
            data_set.mkdir(exist_ok=True)
            for kind, arrays, infos in (
                ("input", inputs, graph.input),
                ("output", outputs, graph.output),
            ):
                for j, array in enumerate(arrays):
                    proto = (
                        array
                        if hasattr(array, "SerializeToString")
                        else numpy_helper.from_array(array, infos[j].name)
                    )
                    (data_set / f"{kind}_{j}.pb").write_bytes(proto.SerializeToString())


def collect(pattern: re.Pattern[str], work: Path) -> list[Path]:
    """The test folders matching `pattern`, sorted by name."""
    shipped = _onnx_node_data()
    if shipped is not None:
        root = shipped
    else:
        root = work / "node"
        _write_generated_cases(root, pattern)
    return sorted(p for p in root.iterdir() if p.is_dir() and pattern.search(p.name))


# --------------------------------------------------------------------------- one test


class Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Timeout


def _first_line(text: str) -> str:
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()[:300]
    return str(text)[:300]


def _mlir_error(err: Exception) -> str:
    """The first diagnostic of an MLIR python-binding error, without its location."""
    text = str(err)
    if isinstance(err, ConversionError):
        return text
    for line in text.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return _first_line(m.group(1))
    return _first_line(text)


def convert(model_path: Path) -> str:
    """torch-mlir: ONNX model → linalg-on-tensors MLIR text."""
    import onnx
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer
    from torch_mlir.ir import Context
    from torch_mlir.passmanager import PassManager

    model = onnx.load(str(model_path))
    with contextlib.suppress(Exception):
        model = onnx.shape_inference.infer_shapes(model, data_prop=True)
    context = Context()
    torch_d.register_dialect(context)
    info = onnx_importer.ModelInfo(model, config=onnx_importer.Config())
    module = info.create_module(context=context)
    onnx_importer.NodeImporter.define_function(info.main_graph, module.operation).import_all()
    module.operation.verify()
    try:
        with context:
            PassManager.parse(PIPELINE).run(module.operation)
    except Exception as err:
        diagnostics = getattr(err, "error_diagnostics", None)
        if diagnostics:
            raise ConversionError(_short_diagnostic(str(diagnostics[0].message))) from None
        raise
    return module.operation.get_asm()


class ConversionError(Exception):
    pass


def _short_diagnostic(message: str) -> str:
    """torch-mlir's first error, with an unconverted ONNX op named rather than printed."""
    onnx_op = re.search(r'name = "(onnx\.\w+)"', message)
    first = _first_line(message)
    if onnx_op and "torch.operator" in first:
        return f"{first.split(':')[0]} ({onnx_op.group(1)})"
    return re.sub(r"(: )?%\S+ = .*", "", first)[:300]


def _load_data_sets(folder: Path) -> list[tuple[list[Any], list[Any]]]:
    import onnx
    from onnx import numpy_helper

    data_sets = []
    for data_set in sorted(folder.glob("test_data_set_*")):
        arrays: dict[str, list[Any]] = {"input": [], "output": []}
        for kind in arrays:
            files = sorted(
                data_set.glob(f"{kind}_*.pb"), key=lambda p: int(p.stem.rsplit("_", 1)[1])
            )
            for file in files:
                tensor = onnx.TensorProto()
                tensor.ParseFromString(file.read_bytes())
                arrays[kind].append(numpy_helper.to_array(tensor))
        data_sets.append((arrays["input"], arrays["output"]))
    return data_sets


def _compare(actual: Any, expected: list[Any]) -> str | None:
    """None when equal within the tolerance, else why not."""
    import numpy as np

    results = actual if isinstance(actual, tuple) else (actual,)
    if len(results) != len(expected):
        return f"{len(results)} results, expected {len(expected)}"
    for i, (a, e) in enumerate(zip(results, expected, strict=True)):
        a = np.asarray(a)
        if a.shape != e.shape:
            return f"result {i}: shape {a.shape}, expected {e.shape}"
        if a.dtype != e.dtype and a.dtype.kind + e.dtype.kind in ("iu", "ui"):
            # MLIR's integers are signless: torch-mlir's ui8 is i8, returned as int8.
            a = a.view(e.dtype) if a.dtype.itemsize == e.dtype.itemsize else a
        if a.dtype != e.dtype:
            return f"result {i}: dtype {a.dtype}, expected {e.dtype}"
        if e.dtype.kind == "V" and e.dtype.itemsize <= 2:
            # ml_dtypes' bfloat16 and float8 types: compared as the floats they are.
            a, e = a.astype(np.float32), e.astype(np.float32)
        if e.dtype.kind in "fc":
            ok = np.allclose(a, e, rtol=RTOL, atol=ATOL, equal_nan=True)
        else:
            ok = np.array_equal(a, e)
        if not ok:
            nans = int((np.isnan(a) != np.isnan(e)).sum()) if e.dtype.kind in "fc" else 0
            if nans:
                return f"result {i}: {nans} elements NaN in one and not the other"
            with np.errstate(all="ignore"):
                diff = np.abs(a.astype(np.float64) - e.astype(np.float64))
            return f"result {i}: max abs error {np.nanmax(diff) if diff.size else 0:.3g}"
    return None


def run_one(folder: Path, timeout: float) -> Result:
    """Convert, compile and run one test folder; the result has `name`, `conversion`
    (an error or None), and per mode a `status` and a `detail`."""
    result: Result = {"name": folder.name, "modes": {}}
    skipped = folder / "skipped"
    if skipped.exists():
        result["skipped"] = skipped.read_text()
        return result
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    try:
        signal.alarm(max(1, int(timeout)))
        try:
            text = convert(folder / "model.onnx")
        except Timeout:
            result["conversion"] = "timeout in torch-mlir"
            return result
        except Exception as err:
            result["conversion"] = _mlir_error(err)
            return result
        result["convert_s"] = round(time.perf_counter() - start, 2)
        # Tell the driver torch-mlir is done: a crash from here on is pyvmvx's.
        sys.stdout.write(CONVERTED + "\n")
        sys.stdout.flush()
        data_sets = _load_data_sets(folder)
        for mode in MODES:
            result["modes"][mode] = _run_mode(text, mode, data_sets)
    finally:
        signal.alarm(0)
    return result


def _run_mode(text: str, mode: str, data_sets: list[tuple[list[Any], list[Any]]]) -> Result:
    import pyvmvx
    from pyvmvx.compiler.driver import CompileError

    start = time.perf_counter()
    try:
        try:
            data = pyvmvx.compile(text, ukernels=mode)
        except CompileError as err:
            message = re.sub(r"^<input>:\d+:\d+: ", "", _first_line(str(err)))
            return {"status": "compile error", "detail": message}
        except Timeout:
            raise
        except Exception as err:  # a crash of the compiler is a compile error too
            return {"status": "compile error", "detail": f"{type(err).__name__}: {err}"[:300]}
        compiled = time.perf_counter()
        for inputs, outputs in data_sets:
            try:
                module = pyvmvx.load(data)
                # torch-mlir names the function after the ONNX graph: call the only one.
                (name,) = module.functions
                actual = module[name](*inputs)
            except Timeout:
                raise
            except Exception as err:
                detail = _first_line(f"{type(err).__name__}: {err}")
                return {"status": "run error", "detail": detail}
            why = _compare(actual, outputs)
            if why is not None:
                return {"status": "mismatch", "detail": why}
        return {
            "status": "pass",
            "compile_s": round(compiled - start, 2),
            "run_s": round(time.perf_counter() - compiled, 2),
        }
    except Timeout:
        return {"status": "timeout", "detail": f"after {time.perf_counter() - start:.0f} s"}


def worker(timeout: float) -> None:
    """Read test folders from stdin, one a line; answer one JSON result a line."""
    import warnings

    warnings.simplefilter("ignore")
    for line in sys.stdin:
        folder = Path(line.strip())
        try:
            result = run_one(folder, timeout)
        except BaseException as err:  # report, keep serving
            result = {
                "name": folder.name,
                "modes": {},
                "conversion": None,
                "crash": _first_line(traceback.format_exception_only(err)[-1]),
            }
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


# --------------------------------------------------------------------------- the driver


class Worker:
    """One worker process: send it a folder, wait for its answer at most `limit` seconds."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.answers: queue.Queue[str | None] = queue.Queue()

    def _start(self) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--timeout", str(self.timeout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        self.answers = queue.Queue()
        answers = self.answers
        stdout = process.stdout
        assert stdout is not None

        def read() -> None:
            for line in stdout:
                answers.put(line)
            answers.put(None)

        threading.Thread(target=read, daemon=True).start()
        return process

    def run(self, folder: Path) -> Result:
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        assert self.process.stdin is not None
        converted = False
        try:
            self.process.stdin.write(f"{folder}\n")
            self.process.stdin.flush()
            # Importing and the per-test alarm; C++ code (torch-mlir) can outlast the alarm.
            deadline = time.monotonic() + 2 * self.timeout + 60
            answer = self.answers.get(timeout=deadline - time.monotonic())
            converted = answer is not None and answer.strip() == CONVERTED
            if converted:
                answer = self.answers.get(timeout=max(1.0, deadline - time.monotonic()))
        except (queue.Empty, BrokenPipeError):
            answer = None
        if answer is None:
            code = self.process.poll()
            self.stop()
            if code is not None and code < 0:
                why = f"process killed by {signal.Signals(-code).name}"
            else:
                why = "timed out" if code is None else f"process exited with {code}"
            if not converted:
                return {"name": folder.name, "modes": {}, "conversion": f"torch-mlir: {why}"}
            return {"name": folder.name, "modes": {}, "crash": f"pyvmvx: {why}"}
        return json.loads(answer)

    def stop(self) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            self.process = None


def run_all(folders: list[Path], jobs: int, timeout: float, results: Path) -> list[Result]:
    todo: queue.Queue[Path] = queue.Queue()
    for folder in folders:
        todo.put(folder)
    done: list[Result] = []
    lock = threading.Lock()
    start = time.perf_counter()

    def serve() -> None:
        w = Worker(timeout)
        try:
            while True:
                try:
                    folder = todo.get_nowait()
                except queue.Empty:
                    return
                result = w.run(folder)
                with lock:
                    done.append(result)
                    with results.open("a") as f:
                        f.write(json.dumps(result) + "\n")
                    elapsed = time.perf_counter() - start
                    print(
                        f"[{len(done)}/{len(folders)} {elapsed:.0f}s] {result['name']}: "
                        f"{summary(result)}",
                        flush=True,
                    )
        finally:
            w.stop()

    threads = [threading.Thread(target=serve) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return done


# --------------------------------------------------------------------------- the document


def status(result: Result, mode: str) -> tuple[str, str]:
    """(status, detail) of one mode of a result."""
    if "skipped" in result:
        return "skipped", result["skipped"]
    if result.get("crash"):
        return "crash", result["crash"]
    if result.get("conversion"):
        return "conversion failed", result["conversion"]
    entry = result["modes"].get(mode, {"status": "crash", "detail": "no result"})
    return entry["status"], entry.get("detail", "")


def summary(result: Result) -> str:
    return "; ".join(f"{m}: {' — '.join(x for x in status(result, m) if x)}" for m in MODES)


def _cell(text: str) -> str:
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= 160 else text[:157] + "..."


def cause(detail: str) -> str:
    """A compile error's message with its specifics (types, numbers, names) blanked, so that
    failures of one cause count together."""
    text = re.sub(r"^(?:[^\s:]+:\d+:\d+: )?error: ", "", detail)
    text = re.sub(r"(tensor|memref|vector)<[^>]*>", r"\1<…>", text)
    text = re.sub(r"%[\w.#]+", "%…", text)
    text = re.sub(r"\b\d+(\.\d+)?\b", "N", text)
    return text[:200]


def render(results: list[Result], doc: Path, command: str, subset: str) -> None:
    by_name = {r["name"]: r for r in results}
    rows = [by_name[n] for n in sorted(by_name)]
    totals = {m: collections.Counter(status(r, m)[0] for r in rows) for m in MODES}
    causes: collections.Counter[str] = collections.Counter()
    for r in rows:
        seen = set()
        for m in MODES:
            s, d = status(r, m)
            if s in ("compile error", "run error"):
                seen.add(f"{s}: {cause(d)}")
        causes.update(seen)
    conversions = collections.Counter(
        cause(status(r, "all")[1]) for r in rows if status(r, "all")[0] == "conversion failed"
    )
    names = ["pass", "mismatch", "compile error", "run error", "timeout", "crash"]
    names += ["conversion failed", "skipped"]
    today = datetime.date.today().isoformat()
    lines = [
        "# ONNX backend node tests",
        "",
        "ONNX's backend node tests, each imported and lowered to linalg-on-tensors by torch-mlir",
        "(`torch-onnx-to-torch-backend-pipeline`, `torch-backend-to-linalg-on-tensors-backend-",
        "pipeline`), then compiled and run by pyvmvx in both codegen modes and compared with",
        f"ONNX's expected outputs (rtol {RTOL:g}, atol {ATOL:g}; NaNs equal; shapes and dtypes",
        "must match, but MLIR's integers being signless, an unsigned result returned as the",
        "signed type of its width is compared by its bits). Generated by",
        "`tools/onnx_conformance.py` (see its docstring); edit by hand only the triage",
        "section between its markers, which a new run keeps.",
        "",
        f"- date: {today}",
        f"- subset: {subset}",
        f"- command: `{command}`",
        "- versions: " + _versions(),
        "",
        "## Totals",
        "",
        "| status | " + " | ".join(f"ukernels={m}" for m in MODES) + " |",
        "|---|" + "---:|" * len(MODES),
    ]
    for n in names:
        lines.append(f"| {n} | " + " | ".join(str(totals[m][n]) for m in MODES) + " |")
    lines.append("| **total** | " + " | ".join(str(len(rows)) for _ in MODES) + " |")
    lines += [
        "",
        "## Most frequent pyvmvx failures",
        "",
        "Tests per cause (a test counts once per cause, whichever mode failed; numbers, types and",
        "value names blanked):",
        "",
        "| tests | cause |",
        "|---:|---|",
    ]
    lines += [f"| {k} | {_cell(c)} |" for c, k in causes.most_common(40)]
    lines += ["", "## Most frequent torch-mlir conversion failures", "", "| tests | cause |"]
    lines += ["|---:|---|"]
    lines += [f"| {k} | {_cell(c)} |" for c, k in conversions.most_common(15)]
    lines += [
        "",
        "## Per test",
        "",
        "| test | ukernels=all | ukernels=none |",
        "|---|---|---|",
    ]
    for r in rows:
        cells = []
        for m in MODES:
            s, d = status(r, m)
            d = d.removeprefix("error: ")
            cells.append(_cell(s if s == "pass" or not d else f"{s}: {d}"))
        if len(set(cells)) == 1 and cells[0] != "pass":
            cells[1] = "(same)"
        lines.append(f"| {r['name']} | " + " | ".join(cells) + " |")
    notes = _kept_notes(doc)
    if notes:
        at = lines.index("## Per test")
        lines[at:at] = [notes, ""]
    doc.write_text("\n".join(lines) + "\n")
    print(f"wrote {doc}: " + "; ".join(f"{m}: {dict(totals[m])}" for m in MODES))


NOTES_BEGIN = "<!-- triage: kept by tools/onnx_conformance.py -->"
NOTES_END = "<!-- end of triage -->"


def _kept_notes(doc: Path) -> str:
    """The hand-written triage between the NOTES markers of the existing document, kept
    when the tables are regenerated."""
    if not doc.exists():
        return ""
    text = doc.read_text()
    start, end = text.find(NOTES_BEGIN), text.find(NOTES_END)
    if start < 0 or end < start:
        return ""
    return text[start : end + len(NOTES_END)]


def _versions() -> str:
    from importlib import metadata

    parts = []
    for package in ("onnx", "torch-mlir", "xdsl"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            parts.append(f"{package} {metadata.version(package)}")
    return ", ".join(parts)


def _read_results(path: Path) -> Iterator[Result]:
    with path.open() as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filter", default="", help="regex on test names (re.search)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per test")
    parser.add_argument("--doc", type=Path, default=DEFAULT_DOC)
    parser.add_argument("--results", type=Path, help="JSON lines log (default: in --work)")
    parser.add_argument("--work", type=Path, help="folder for generated test data")
    parser.add_argument("--render-only", action="store_true", help="render --results to --doc")
    parser.add_argument(
        "--resume", action="store_true", help="keep --results and skip the tests it has"
    )
    parser.add_argument("--subset", help="what the doc says was run (default: from --filter)")
    parser.add_argument("--command", help="the command the doc says was run (default: this)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.timeout)
        return 0
    command = "python3 tools/onnx_conformance.py " + " ".join(
        shlex.quote(a) for a in sys.argv[1:] if a not in ("--render-only", "--resume")
    )
    command = args.command or command
    subset = args.subset or (f"tests matching `{args.filter}`" if args.filter else "all node tests")
    pattern = re.compile(args.filter)
    if args.render_only:
        if args.results is None:
            parser.error("--render-only needs --results")
        rows = [r for r in _read_results(args.results) if pattern.search(r["name"])]
        render(rows, args.doc, command, subset)
        return 0
    work = args.work or Path(tempfile.mkdtemp(prefix="onnx-conformance-"))
    work.mkdir(parents=True, exist_ok=True)
    results = args.results or work / "results.jsonl"
    done = set()
    if args.resume and results.exists():
        done = {r["name"] for r in _read_results(results)}
    else:
        results.unlink(missing_ok=True)
    folders = [f for f in collect(pattern, work) if f.name not in done]
    print(f"{len(folders)} tests to run; data in {work}; results in {results}", flush=True)
    run_all(folders, args.jobs, args.timeout, results)
    rows = [r for r in _read_results(results) if pattern.search(r["name"])]
    render(rows, args.doc, command, subset)
    if args.work is None:
        shutil.rmtree(work / "node", ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
