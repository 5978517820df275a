"""A finding's signature: what stays the same when the same bug is hit by different inputs.

Kind, stage and guilty pass, plus the first error line with everything input-specific masked:
numbers, hex addresses, object ids, quoted names, variable names and IR paths.
"""

from __future__ import annotations

import re

from tzer.passes.labels import pass_family

_MASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    # An operator is registered, and gets its lowering rule for each target, one at a time: a
    # missing rule is a bug of that operator, so its name stays in the signature.
    (re.compile(r"ir\.Op\(.*?name=\\?\"([\w.]+)\\?\".*"), r"Op(\1)"),
    (re.compile(r"(['\"`])((?:tirx|tir|prim|s_tir)\.\w+)\1"), r"Op(\2)"),
    (re.compile(r"Unresolved call (?!Op\()([\w.]+)"), r"Unresolved call Op(\1)"),
    # How a range prints depends on the pass that bound it, not on the conflict.
    (re.compile(r"(Binding of variable \S+ as ).*"), r"\1<range> conflicting with an earlier binding"),
    # Which parser check trips depends on where in the output a pass's mistake shows first.
    (re.compile(r"(TVMScript does not re-parse).*"), r"\1"),
    (re.compile(r"(TVMScript round trip changes) .*"), r"\1 <path>"),
    # A message that prints the offending node prints the input's IR (`Use the node for ax0 in ...`).
    (re.compile(r"(Use the node) .*"), r"\1 <node>"),
    # The values a miscompile got are the input's; which buffer and how many elements are the bug.
    (re.compile(r"; first at .*"), ""),
    (re.compile(r"/[\w./-]+\.(cc|cpp|h|py)(:\d+)?"), "<file>"),
    (re.compile(r"0x[0-9a-fA-F]+"), "<addr>"),
    # Where in the IR, and which variable, depend on the input, not on the bug.
    (re.compile(r"<root>[\w.\[\]]*"), "<path>"),
    (re.compile(r"\b(variables?|buffers?) \([^)]*\)"), r"\1 (<names>)"),
    # A thread variable's name has a dot (`blockIdx.x`): the whole name is the variable's.
    (re.compile(r"\b(variables?|buffers?|[Vv]ar) [A-Za-z_][\w ]*?(\.[A-Za-z_]\w*)*"
                r"(?= (as|at|is|has|was|in|of|ar|does)\b|[:.,]|$)"), r"\1 <name>"),
    (re.compile(r"(['\"`])[^'\"`]{1,80}\1"), r"\1?\1"),
    (re.compile(r"‘[^’]{1,80}’"), "‘?’"),
    # Which dtype met the bug is the input's choice (`but got T.float16`, `for type uint8`).
    (re.compile(r"\bT\.(u?int|float|bfloat)\d+(x\d+)?\b"), "T.<dtype>"),
    (re.compile(r"\b(u?int|float|bfloat)\d+(x\d+)?\b"), "<dtype>"),
    (re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*_\d+\b"), "<var>"),
    (re.compile(r"(?<![A-Za-z_<\d.])-?\d+(\.\d+)?(e[-+]?\d+)?"), "N"),
    (re.compile(r"\s+"), " "),
)


def mask_message(message: str) -> str:
    """The first line of `message` with numbers, addresses, ids, names and paths masked."""
    lines = [line for line in (message or "").splitlines() if line.strip()]
    text = lines[0] if lines else ""
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    return text.strip()[:300]


# Pipeline passes whose work depends on the target: there the target's kind (its intrinsic rules,
# its code generator) tells bugs apart. Any other pipeline pass failing the same way on two
# targets is one bug, and so is a pass failing alike in the default pipeline and in a sequence.
TARGET_SPECIFIC_PASSES = ("tirx.LowerIntrin",)
_TARGET_SUFFIX = re.compile(r" \[([\w.-]+)\]")
# Checks in the IR constructors, the constant folder and the analyzer's binding table fail in
# whichever pass happens to build the expression: the message, not the pass, names the bug.
SHARED_CHECKS = (
    "cannot make uint from negative value",
    "kDLUInt) && pa->value == NU",  # the folder's unsigned subtraction check
    "exceeds range of",
    "Binding of variable <name> as <range>",
    # A schedule state that lost track of a statement fails in whichever primitive looks it up.
    "stmt2ref.end()",
)


def message_of(signature: str) -> str:
    """The masked message a signature holds (its fourth field), "" when it holds none."""
    fields = signature.split("|")
    return fields[3] if len(fields) > 3 else ""


def without_target(signature: str) -> str:
    """`signature` with the target kind its pass label carries (`tirx.LowerIntrin [nvptx]`) left out."""
    return _TARGET_SUFFIX.sub("", signature)


def _target_kind(target: str) -> str:
    """`llvm-aarch64` -> `llvm`: every LLVM target shares the llvm kind's rules."""
    return target.split("-", 1)[0]


def signature(kind: str, stage: str | None, pass_label: str | None, message: str | None,
              native_frames: list[str] | None = None, target: str | None = None) -> str:
    """One line that equal bugs share, e.g. `exception|pass|tirx.StorageRewrite|Check failed: ...`.

    `target`: the test's target, for passes whose labels do not carry it (the user's sequence).
    """
    # Arguments do not make a new bug: the signature holds the pass without them.
    family = pass_family(pass_label)
    masked = mask_message(message or "")
    if family.startswith("pipeline:"):
        family = family.removeprefix("pipeline:")
        stage = "pass"
    labelled = _TARGET_SUFFIX.search(family)
    family = _TARGET_SUFFIX.sub("", family)
    if family.startswith(TARGET_SPECIFIC_PASSES) or family.startswith("codegen"):
        family += f" [{_target_kind(labelled[1] if labelled else target or 'llvm')}]"
    if any(check in masked for check in SHARED_CHECKS):
        family = ""
    parts = [kind, stage or "", family, masked]
    if native_frames:
        parts.append(";".join(native_frames[:3]))
    return "|".join(parts)


# TVM installs its own SIGSEGV handler (it replaces faulthandler's) and prints symbolized native
# frames, innermost first, as `  File "<source>", line N, in <function>`.
_TVM_CRASH_BANNER = re.compile(r"^!+ .*(Segfault|signal|Signal|encountered).* !+\s*$")
_TVM_FRAME = re.compile(r'^\s*File "(?P<file>[^"]*)", line \d+, in (?P<func>.+?)\s*$')
# faulthandler's own dump: `  File "/path/mod.py", line 12 in func` (no comma before "in").
_FAULTHANDLER_THREAD = re.compile(r"^(Current thread|Thread) 0x[0-9a-f]+ .*most recent call first")
_FAULTHANDLER_FRAME = re.compile(r'^\s*File "(?P<file>[^"]*)", line \d+ in (?P<func>\S+)\s*$')
# Frames that say where the signal was delivered or how Python got there, not what crashed.
_NOISE_FILES = re.compile(r"(sigaction|sysdeps/|^Objects/|^Python/|^Modules/|^Parser/|Include/)")
_NOISE_FUNCS = re.compile(r"^(0x[0-9a-fA-F]+|_start|__libc_start\w*|_?Py\w+|main)$")
FRAMES_IN_SIGNATURE = 3
# The frame that faulted and its caller name the defect; the frame above them is the expression
# that led there, which differs between the triggers of one defect.
FRAMES_IN_CRASH_SITE = 2


def _function_name(raw: str) -> str:
    """`ns::f<T>(int, long) const` -> `ns::f<T>`: the argument list varies with the build."""
    depth = 0
    for index, char in enumerate(raw):
        if char in "<{":
            depth += 1
        elif char in ">}":
            depth = max(0, depth - 1)
        elif char == "(" and depth == 0 and not raw.startswith("operator()", max(0, index - 8)):
            return raw[:index].strip()
    return raw.strip()


def native_frames(log: str) -> list[str]:
    """Innermost meaningful native frames of the last TVM crash report in a worker log."""
    lines = (log or "").splitlines()
    starts = [i for i, line in enumerate(lines) if _TVM_CRASH_BANNER.match(line.strip())]
    if not starts:
        return []
    frames = []
    for line in lines[starts[-1] + 1:]:
        match = _TVM_FRAME.match(line)
        if match is None:
            if frames or line.strip():
                break
            continue
        func = _function_name(match["func"])
        if _NOISE_FILES.search(match["file"]) or _NOISE_FUNCS.match(func):
            continue
        frames.append(func)
    return frames


def python_frames(log: str) -> list[str]:
    """Innermost frames (`file.py:function`) of the crashing thread in a faulthandler dump."""
    frames: list[str] = []
    in_current = False
    for line in (log or "").splitlines():
        if _FAULTHANDLER_THREAD.match(line.strip()):
            if frames:
                break
            in_current = line.strip().startswith("Current thread")
            continue
        match = _FAULTHANDLER_FRAME.match(line)
        if in_current and match:
            frames.append(f"{match['file'].rsplit('/', 1)[-1]}:{match['func']}")
    return frames


def crash_frames(log: str) -> list[str]:
    """What the signature of a native crash adds: native frames when TVM printed them, else Python's."""
    return (native_frames(log) or python_frames(log))[:FRAMES_IN_SIGNATURE]


def finding_signature(kind: str, stage: str | None, pass_label: str | None, message: str | None,
                      log: str = "", target: str | None = None) -> str:
    """The signature triage uses: the fuzzer's, plus the top crash frames for native crashes."""
    frames = crash_frames(log) if kind == "crash" else None
    return signature(kind, stage, pass_label, message, frames, target)


def crash_site(signature: str) -> str:
    """A native crash's signature cut to the frames that name where it faulted."""
    head, _, frames = signature.rpartition("|")
    if not head.startswith("crash|") or head.count("|") < 3:
        return signature
    return f"{head}|{';'.join(frames.split(';')[:FRAMES_IN_CRASH_SITE])}"
