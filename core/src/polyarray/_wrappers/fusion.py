"""Fusing a function's wrapper chain into one closure with a fast path.

Most calls need none of the wrappers' work: the arguments are arrays of the
backend (native, or ``pa.Array`` of it), operands already share a dtype,
nothing is written to ``out``, no NaN policy is on. For such calls the fused
function checks exactly that, in generated code specialised to the
declaration's parameters, and calls the implementation directly, doing
inline the little work that is left (unwrapping ``pa.Array`` arguments,
translating exceptions, wrapping the result in array mode). Every other call
goes to the full chain, so behaviour is the chain's in every case.

Which wrappers the fast path may stand in for, and what it must check for
each, is decided once per (function, backend): a wrapper whose factory
returned the function unchanged is inactive and costs nothing; an active
wrapper outside :data:`STAND_INS` means the function keeps the chain alone.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _accel
from .._codegen import GENERATED_NAME, generated_function, signature_source
from .._config import settings
from .._declare import signature_of
from .._errors import PolyarrayError
from . import _FACTORIES, ordered_wrappers, wrapper_parameter_names
from .conversion import result_wrapper
from .dtype import CREATION_RULES, promoted_operands
from .errors import naming, naming_check, translate_exception
from .integers import FAST_HELPERS, array_positions, fast_condition, fast_range_check, integer_parameters
from .shapes import Shape, _is_shape_parameter

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["STAND_INS", "wrap_function"]

#: C's INT_MIN: an integer argument of the compiled path with no minimum.
_INT_MIN = -(2**31)

#: Wrappers whose work the fast path can skip, given the checks it makes:
#: arrays of the backend only, keyword parameters that wrappers read at their defaults,
#: one dtype across promoted operands, one device across arrays, no NaN policy.
STAND_INS = frozenset(
    {
        "handle_exceptions",
        "handle_nans",
        "handle_out_argument",
        "handle_array_like_without_promotion",
        "handle_backend_invalid",
        "handle_nestable",
        "handle_array_function",
        "inputs_to_native_arrays",
        "outputs_to_polyarray_arrays",
        "handle_device_shifting",
        "infer_dtype",
        "inputs_to_native_shapes",
        "handle_view",
    }
)


def wrap_function(
    function: Callable[..., Any], decl: Declaration, backend: Backend, names: tuple[str, ...] | list[str]
) -> Callable[..., Any]:
    """Wrap ``function`` by the named wrappers (innermost first) and fuse the chain."""
    chain = function
    active = set()
    for name in reversed(ordered_wrappers(names)):
        wrapped = _FACTORIES[name](chain, decl, backend)
        if wrapped is not chain:
            active.add(name)
        chain = wrapped
    if active:
        chain = naming(chain, decl, backend)
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in decl.signature.parameters.values()):
        return chain
    return _fuse(function, chain, decl, backend, frozenset(active))


def _fuse(
    implementation: Callable[..., Any],
    chain: Callable[..., Any],
    decl: Declaration,
    backend: Backend,
    active: frozenset[str],
) -> Callable[..., Any]:
    """One function with the public signature: the fast path where it applies, then the chain.

    The dispatcher passes every argument explicitly; the function hands the
    chain only those that differ from their defaults (see :func:`_slow_call`).
    """
    public = list(decl.signature.parameters.values())
    namespace: dict[str, Any] = {
        f"_d{index}": param.default for index, param in enumerate(public) if param.default is not param.empty
    }
    fast, compiled = _fast_path(implementation, decl, backend, active, public, namespace) or (None, None)
    lines = [f"def {GENERATED_NAME}({signature_source(public)}):"]
    lines += [f"    {line}" for line in (fast or []) + _slow_call(public)]
    source = "\n".join(lines)
    namespace["_chain"] = chain
    function = generated_function(source, namespace, decl.name, decl.qualname, public)
    function.__signature__ = decl.signature  # type: ignore[attr-defined]  # its code is compiled on first call
    function.chain = chain  # type: ignore[attr-defined]
    function.fast_path = fast is not None  # type: ignore[attr-defined]
    function.source = source  # type: ignore[attr-defined]
    if compiled is not None and _accel.AVAILABLE:
        # The same fast path, compiled; it hands every other call to the generated function.
        return _accel.fast_function(function, **compiled)
    return function


def _fast_path(
    implementation: Callable[..., Any],
    decl: Declaration,
    backend: Backend,
    active: frozenset[str],
    public: list[inspect.Parameter],
    namespace: dict[str, Any],
) -> tuple[list[str], dict[str, Any] | None] | None:
    """The lines of the fast path (adding what they use to ``namespace``), or None where there is none.

    With them comes the description of the same fast path for ``_accel.fast_function``, or None
    where the compiled one cannot take it (see :func:`_compiled_spec`).
    """
    if not active or active - STAND_INS or not backend.native_array_types:
        return None
    if "infer_dtype" in active and decl.name in CREATION_RULES:
        return None
    try:
        implementation_names = set(signature_of(implementation).parameters)
    except (TypeError, ValueError):
        return None
    categories = dict(decl.positional_categories)
    categories.update(
        {public.index(p): decl.keyword_categories[p.name] for p in public if p.name in decl.keyword_categories}
    )
    added = wrapper_parameter_names()
    shapes_active = "inputs_to_native_shapes" in active

    arrays: list[str] = []  # required array parameters, checked and unwrapped
    conditions: list[str] = []  # what must hold for the fast path, besides the array checks
    for index, param in enumerate(public):
        default_name = f"_d{index}"
        category = categories.get(index)
        if param.name in added:
            conditions.append(f"{param.name} is {default_name}")
        elif category == "array" and param.default is param.empty:
            arrays.append(param.name)
        elif category is not None:
            if param.default is param.empty or param.default is not None:
                return None
            conditions.append(f"{param.name} is None")
        elif shapes_active and _is_shape_parameter(param.name, param.annotation):
            conditions.append(f"{param.name}.__class__ is not _Shape")
    if not arrays:
        return None
    integer_specs = integer_parameters(decl) if "handle_exceptions" in active else ()
    for spec in integer_specs:
        test = fast_condition(spec)
        if test is not None:
            conditions.append(test)
    namespace.update(FAST_HELPERS)
    if "handle_nans" in active:
        conditions.append("not _settings.nan_checking")

    native = {name: f"_n_{name}" for name in arrays}
    checks: list[str] = []
    dtype_bind: list[str] = []  # binds _dt, the first operand's dtype, where a check or the guard reads it
    guarded = _guarded_direct(implementation)
    # The promoted operands whose dtypes must agree (none where promotion is inactive).
    operands = [public[i].name for i in promoted_operands(decl) if public[i].name in native]
    operands = operands if "infer_dtype" in active and len(operands) > 1 else []
    if operands:
        dtype_bind = [f"_dt = {native[operands[0]]}.dtype"]
        checks += [f"_dt is {native[other]}.dtype" for other in operands[1:]]
    if guarded is not None and not dtype_bind:
        dtype_bind = [f"_dt = {native[arrays[0]]}.dtype"]
    if any(spec.names_axes for spec in integer_specs):
        # Axes are checked against the rank of the positional array arguments, which the fast path must hold.
        if {name for _, name, _ in array_positions(decl)} != set(arrays):
            return None
        ranks = [f"{native[name]}.ndim" for name in arrays]
        checks += [test for test in (fast_range_check(spec, ranks) for spec in integer_specs) if test is not None]
    if "handle_device_shifting" in active and len(arrays) > 1:
        first = native[arrays[0]]
        checks += [f"_device_of({first}) == _device_of({native[other]})" for other in arrays[1:]]

    def call_arguments(names: set[str], rename: dict[str, str]) -> str:
        parts = []
        for param in public:
            if param.name not in names:
                continue
            value = rename.get(param.name, param.name)
            positional = param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD)
            parts.append(value if positional else f"{param.name}={value}")
        return ", ".join(parts)

    arguments = call_arguments(implementation_names, native)
    if guarded is None:
        body_call = [f"_r = _impl({arguments})"]
    else:
        # The framework's callable itself, for the dtypes the plugin says it serves unchanged.
        namespace["_native"], namespace["_native_dtypes"] = guarded
        body_call = [
            "if _dt in _native_dtypes:",
            f"    _r = _native({arguments})",
            "else:",
            f"    _r = _impl({arguments})",
        ]
    if decl.check is not None and "handle_exceptions" in active:
        # The declaration's own check, on the arguments as given (handle_exceptions runs it in the chain).
        namespace["_check"] = naming_check(decl.check, decl.qualname, backend.name)
        positional = [p.name for p in public if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        keywords = [p.name for p in public if p.kind is p.KEYWORD_ONLY and p.name not in added]
        given = "".join(f"{name}, " for name in positional)
        keyword_given = ", ".join(f"{name!r}: {name}" for name in keywords)
        body_call = [f"_check(({given}), {{{keyword_given}}})", *body_call]
    if "handle_exceptions" in active:
        call = [
            "try:",
            *(f"    {line}" for line in body_call),
            "except _PolyarrayError:",
            "    raise",
            "except Exception as _e:",
            "    raise _translate(_e, _qualname, _backend_name) from _e",
        ]
    else:
        call = list(body_call)
    # How the result is returned: as it is (0), as a pa.Array in array mode (1), through _finish (2).
    if "outputs_to_polyarray_arrays" not in active:
        wrap = 0
    else:
        wrap = 1 if decl.result is None and not decl.returns_dtype else 2
    if wrap == 0:
        call.append("return _r")
    elif wrap == 1:
        namespace["_finish"] = result_wrapper(backend)
        # wrap_native, inline: a pa.Array of this backend around the native result.
        call += [
            "if _settings.array_mode:",
            "    if _r.__class__ is _T:",
            "        _a = _new_object(_A)",
            "        _a.data = _r",
            "        _a.backend = _B",
            "        if _settings.dynamic_backend:",
            "            _track(_a)",
            "        return _a",
            "    return _finish(_r)",
            "return _r",
        ]
    else:
        namespace["_finish"] = _finisher(decl, backend)
        call.append("return _finish(_r)")

    def branch(test: str, bind: list[str]) -> list[str]:
        inner = bind + dtype_bind
        inner += [f"if {' and '.join(checks)}:"] + [f"    {line}" for line in call] if checks else call
        return [f"if {test}:"] + [f"    {line}" for line in inner]

    classes = [f"{name}.__class__" for name in arrays]
    native_test = " and ".join(f"{c} is _T" for c in classes)
    lines = branch(native_test, [f"{native[name]} = {name}" for name in arrays])
    if "handle_view" not in active:
        array_test = " and ".join([f"{c} is _A" for c in classes] + [f"{name}.backend is _B" for name in arrays])
        lines += [
            "el" + line if i == 0 else line
            for i, line in enumerate(branch(array_test, [f"{native[name]} = {name}.data" for name in arrays]))
        ]

    fast = [f"if {' and '.join(conditions)}:"] + [f"    {line}" for line in lines] if conditions else lines
    compiled = None
    # Required integer arguments: the compiled path checks ints and tuples of ints (and their minimum) itself,
    # but not axes against the arrays' rank, nor a declaration's own check.
    required_ints = [spec for spec in integer_specs if spec.required and fast_condition(spec) is not None]
    uncompiled = any(spec.names_axes for spec in required_ints) or (
        decl.check is not None and "handle_exceptions" in active
    )
    if not ("handle_device_shifting" in active and len(arrays) > 1) and not uncompiled:
        compiled = _compiled_spec(
            public,
            implementation_names,
            arrays=arrays,
            operands=operands,
            guarded=guarded,
            shapes=[p.name for p in public if shapes_active and _is_shape_parameter(p.name, p.annotation)],
            backend=backend,
            implementation=_direct(implementation),
            translate=translate_exception if "handle_exceptions" in active else None,
            qualname=decl.qualname,
            finish=namespace.get("_finish"),
            wrap=wrap,
            unwrap_arrays="handle_view" not in active,
            check_nans="handle_nans" in active,
            ints=[(spec.name, spec.minimum) for spec in required_ints],
        )

    from .. import _dynamic
    from .._array import Array

    namespace.update(
        _impl=_direct(implementation),
        _T=backend.native_array_types[0],
        _A=Array,
        _B=backend,
        _new_object=object.__new__,
        _track=_dynamic.track,
        _settings=settings,
        _Shape=Shape,
        _PolyarrayError=PolyarrayError,
        _translate=translate_exception,
        _qualname=decl.qualname,
        _backend_name=backend.name,
        _device_of=backend.raw.device_of,
    )
    return fast, compiled


def _compiled_spec(
    public: list[inspect.Parameter],
    implementation_names: set[str],
    *,
    arrays: list[str],
    operands: list[str],
    guarded: tuple[Callable[..., Any], frozenset[Any]] | None,
    shapes: list[str],
    backend: Backend,
    implementation: Callable[..., Any],
    translate: Callable[..., Any] | None,
    qualname: str,
    finish: Callable[[Any], Any] | None,
    wrap: int,
    unwrap_arrays: bool,
    check_nans: bool,
    ints: list[tuple[str, int | None]],
) -> dict[str, Any] | None:
    """The generated fast path, described for the compiled one; None where it cannot take it.

    The compiled fast path takes only calls that give exactly the required
    parameters, positionally (the dispatchers leave the others out when they
    are at their defaults): so every required parameter must be positional,
    and the implementation receives the defaults of the optional ones.
    """
    position = {param.name: index for index, param in enumerate(public)}
    required = [p for p in public if p.default is p.empty]
    positional_kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if any(p.kind not in positional_kinds for p in required) or public[: len(required)] != required:
        return None
    sources, constants, kwnames = [], [], []
    keyword_values = []
    for param in public:
        if param.name not in implementation_names:
            continue
        if param.kind in positional_kinds:
            sources.append(position[param.name] if param.default is param.empty else -1)
            constants.append(None if param.default is param.empty else param.default)
        else:
            kwnames.append(param.name)
            keyword_values.append(param.default)
    if len(public) > 8 or len(sources) > 8 or len(kwnames) > 16:
        return None
    return {
        "impl": implementation,
        "native": guarded[0] if guarded else None,
        "native_dtypes": guarded[1] if guarded else None,
        "native_type": backend.native_array_types[0],
        "backend": backend,
        "translate": translate,
        "qualname": qualname,
        "backend_name": backend.name,
        "finish": finish,
        "shape_type": Shape if shapes else None,
        "nargs": len(required),
        "arrays": [position[name] for name in arrays],
        "dtype_source": position[operands[0]] if operands else position[arrays[0]] if guarded else -1,
        "promoted": [position[name] for name in operands[1:]],
        "shapes": [position[name] for name in shapes if position[name] < len(required)],
        "sources": sources,
        "constants": (*constants, *keyword_values),
        "kwnames": tuple(kwnames) or None,
        "unwrap_arrays": unwrap_arrays,
        "check_nans": check_nans,
        "wrap": wrap,
        "ints": [position[name] for name, _ in ints],
        "int_minimums": [_INT_MIN if minimum is None else minimum for _, minimum in ints],
    }


def _direct(implementation: Callable[..., Any]) -> Callable[..., Any]:
    """The native callable an implementation marked ``polyarray_direct`` forwards to, else the implementation.

    The mark is ``(native, code)``; it counts only on the function whose code
    it names, not on a wrapper that copied the attribute. A mark with a third
    item, the native dtypes it holds for, is :func:`_guarded_direct`'s.
    """
    mark = _mark_of(implementation)
    return mark[0] if mark is not None and len(mark) == 2 else implementation


def _guarded_direct(implementation: Callable[..., Any]) -> tuple[Callable[..., Any], frozenset[Any]] | None:
    """``(native, dtypes)`` of a mark ``(native, code, dtypes)``: the implementation gives what ``native`` gives
    for operands of those native dtypes (the first array's dtype decides), so the fast path calls ``native``."""
    mark = _mark_of(implementation)
    return (mark[0], frozenset(mark[2])) if mark is not None and len(mark) == 3 else None


def _mark_of(implementation: Callable[..., Any]) -> tuple[Any, ...] | None:
    mark = getattr(implementation, "polyarray_direct", None)
    if isinstance(mark, tuple) and len(mark) in (2, 3) and getattr(implementation, "__code__", None) is mark[1]:
        return mark
    return None


def _slow_call(params: list[inspect.Parameter]) -> list[str]:
    """Lines that call the chain with the arguments as the caller gave them.

    Parameters at their defaults are left out (trailing positional ones and
    keyword ones), so the chain, and any ``__polyarray_function__`` override,
    sees the call the caller wrote.
    """
    lines = ["_k = {}"]
    for index, param in enumerate(params):
        if param.kind is param.KEYWORD_ONLY:
            lines.append(f"if {param.name} is not _d{index}: _k[{param.name!r}] = {param.name}")
    positional = [(i, p) for i, p in enumerate(params) if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p.name for _, p in positional if p.default is p.empty]
    optional = [(i, p.name) for i, p in positional if p.default is not p.empty]
    for count in range(len(optional), 0, -1):
        index, name = optional[count - 1]
        names = required + [n for _, n in optional[:count]]
        lines.append(f"if {name} is not _d{index}: return _chain({', '.join(names)}, **_k)")
    lines.append(f"return _chain({', '.join(required)}{', ' if required else ''}**_k)")
    return lines


def _finisher(decl: Declaration, backend: Backend) -> Callable[[Any], Any]:
    """What ``outputs_to_polyarray_arrays`` does to a dtype or ``result=`` result, for the fast path."""
    config = settings
    if decl.returns_dtype:
        portable = backend.portable_dtype
        return lambda result: portable(result) if config.array_mode else result
    wrap = result_wrapper(backend)
    result_cls = decl.result

    def to_result(result: Any) -> Any:
        result = result_cls(*result)
        return wrap(result) if config.array_mode else result

    return to_result
