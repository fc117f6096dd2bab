"""The fast path of a backend function: the common calls made directly, every other call given to the chain.

A backend function is its wrapper chain (``_wrappers``), which defines what
every call does. Most calls need none of the wrappers' work: the arrays are
arrays of the backend (native, or ``pa.Array`` of it), operands already share
a dtype (or one is a Python scalar of the array's kind), nothing is written
to ``out``, no NaN policy is on, the integer arguments are plain ints in
range. For such a call the result is the implementation's, with errors
translated and the result wrapped in array mode, and the fast path computes
exactly that: it checks the call against a :class:`FastPlan` (what the
wrappers would have done, decided once per function and backend) and calls
the implementation; any call it cannot prove common goes to the chain with
its arguments as given. So the chain stays the one definition of behaviour,
and ``tests/test_fastpath.py`` runs every declared function both ways.

The Python fast path is one hand-written closure per call shape
(:func:`fast_function`); the compiled one (``_accel.py``, optional) reads
the same plan and hands the calls it does not take to the Python closure.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from . import _accel, _dtypes, _registry, _tracers
from ._array import OPERAND_CLASSES, Array, is_operand
from ._config import settings
from ._declare import _annotation_text, ordered_wrappers, signature_of, wrapper_parameter_names
from ._dynamic import native_byte_order
from ._errors import PolyarrayError
from ._marks import mark_of
from ._promotion import SCALAR_BOUNDS, promote_scalar
from ._wrappers import _FACTORIES

# Every wrapper module registers its factories when imported (the names are not used here).
from ._wrappers import array_like as _array_like_wrappers  # noqa: F401
from ._wrappers import backend_invalid as _backend_invalid_wrappers  # noqa: F401
from ._wrappers import complex as _complex_wrappers  # noqa: F401
from ._wrappers import conversion as _conversion_wrappers  # noqa: F401
from ._wrappers import device as _device_wrappers  # noqa: F401
from ._wrappers import dtype as _dtype_wrappers  # noqa: F401
from ._wrappers import errors as _errors_wrappers  # noqa: F401
from ._wrappers import integers as _integers_wrappers  # noqa: F401
from ._wrappers import matrices as _matrices_wrappers  # noqa: F401
from ._wrappers import mixed as _mixed_wrappers  # noqa: F401
from ._wrappers import nans as _nans_wrappers  # noqa: F401
from ._wrappers import nest as _nest_wrappers  # noqa: F401
from ._wrappers import out as _out_wrappers  # noqa: F401
from ._wrappers import protocol as _protocol_wrappers  # noqa: F401
from ._wrappers import shapes as _shapes_wrappers  # noqa: F401
from ._wrappers import views as _views_wrappers  # noqa: F401
from ._wrappers.conversion import RETURNS_ITS_INPUT, its_input, result_wrapper
from ._wrappers.dtype import (
    _SCALAR_WORDS,
    CREATION_RULES,
    RememberedCalls,
    creating_checked,
    promoted_operands,
    python_numbers,
)
from ._wrappers.errors import naming, translate_exception
from ._wrappers.integers import (
    IntegerParameter,
    array_positions,
    default_axes_rank,
    integer_parameters,
    plain_values,
)
from ._wrappers.mixed import choose, inner_wrappers
from ._wrappers.out import assign_result
from ._wrappers.shapes import Shape, _is_shape_parameter

if TYPE_CHECKING:
    from ._backend import Backend
    from ._declare import Declaration

__all__ = [
    "STAND_INS",
    "FastPlan",
    "build_function",
    "fast_function",
    "inplace_operator",
    "operator_function",
    "plan_for",
]

#: Wrappers the fast path can stand in for, given what it checks (see the module docstring).
#: A function with any other active wrapper keeps its chain alone.
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
        "handle_partial_mixed_function",
    }
)

# What the fast path accepts in a parameter other than a required array (a plan's ``positional``/``keywords``):
#: any value, passed on;
PASS = 0
#: only the default (a parameter a wrapper adds: ``out``, ``complex_mode``);
AT_DEFAULT = 1
#: only None (a dtype, or an optional array);
NONE_ONLY = 2
#: an integer, a tuple of them or None, as its :class:`IntegerSpec` says (axes, sizes, offsets);
INTEGER = 3
#: anything but a ``pa.Shape``;
NOT_SHAPE = 4
#: nothing: a call giving it goes to the chain (a required array given by keyword);
CHAIN = 5
#: a dtype: passed on as the backend's native dtype (``Backend.native_dtype``, as the chain converts it), None
#: as it is.
DTYPE = 6
#: a bool, Literal or number: a value of one of the spec's classes, or one of its strings (``plain_values``).
VALUE = 7

#: The Python scalar types an operand may be instead of an array (bool never: it is no number here).
SCALAR_TYPES = (int, float, complex)

#: A positional argument not given (``fast_two``'s operands).
_ABSENT: Any = object()

#: C's INT_MIN: an integer parameter with no minimum, for the compiled fast path.
NO_MINIMUM = -(2**31)


class IntegerSpec(tuple):
    """``(minimum, allows_none, allows_sequence, unique, names_axes, extra_axes, allows_int)``, with NO_MINIMUM for
    none."""

    __slots__ = ()

    @classmethod
    def of(cls, spec: IntegerParameter) -> IntegerSpec:
        minimum = NO_MINIMUM if spec.minimum is None else spec.minimum
        return cls(
            (
                minimum,
                spec.allows_none,
                spec.allows_sequence,
                spec.unique,
                spec.names_axes,
                spec.extra_axes,
                spec.allows_int,
            )
        )


class FastPlan:
    """What the fast path of one function on one backend checks and calls; built once, read per call.

    Attributes:
        impl: the implementation, or the framework callable it only forwards to (a plugin's direct mark).
        native, native_dtypes: a framework callable the implementation equals for operands of those native
            dtypes (the first array's decides), or None.
        native_classes: None, or the classes (a tuple) one of which the first array operand (a Python scalar
            beside it is none) must have exactly for ``native`` (and ``bare``) to be called: NumPy's ``x ** y``
            is ``np.power`` on arrays but not on NumPy's scalars; its ``x + y`` is Python's operator on NumPy's
            scalars, cheaper there than the ufunc, which is cheaper on arrays.
        bare: the framework callable that gives what ``native`` gives for a call with the required arguments
            alone, positionally, every array operand native (no Python scalar), for those dtypes (the
            implementation's ``polyarray_bare`` mark: ``torch.sum`` beside a ``native`` that hands that call
            to it), or None. Where ``bare`` raises (``torch.amax`` of an empty tensor), ``native`` is called
            with the same arguments and decides.
        bare_options: keyword options ``bare`` also takes positionally, in this order, after the required
            arguments (the mark's third item, ``("axis", "keepdims")`` beside ``torch.sum``): a call that gives
            the first few of them by keyword (in any order), none None or ``()``, and no other keyword, is
            ``bare``'s with their values (:func:`bare_positional`). Empty where ``bare`` takes none.
        inplace: a framework callable writing what ``native`` gives into its first operand, for those dtypes
            (the implementation's ``polyarray_inplace`` mark), or None; for ``x op= y`` (:func:`inplace_operator`).
        native_type: the backend's main native array class (arrays of exactly it are checked first).
        other_types: the backend's other native array classes (NumPy's scalars, JAX's tracers …), matched
            with ``isinstance``.
        backend, qualname, backend_name: whose function this is, for ``pa.Array`` results and error messages.
        translate: ``translate_exception`` where native errors become polyarray errors, else None.
        wrap: 0: the result as it is; 1: a ``pa.Array`` in array mode (else ``finish``); 2: ``finish(result)``;
            3: a ``pa.Array`` in either mode (else ``finish``), for the operators of ``pa.Array``.
        finish: what ``outputs_to_polyarray_arrays`` does to results other than one native array.
        nrequired: how many parameters are required (the fast path takes them positionally only).
        npositional: how many parameters may be given positionally.
        arrays: positions of the required array parameters; promoted: those whose dtypes must agree.
        dtype_source: the position whose dtype ``native_dtypes`` is checked against (-1: none).
        scalars: native dtype -> (scalar types, lowest int, highest int): where a promoted operand may be a
            Python scalar, which then takes the other operand's dtype; None where none may.
        positional: per positional parameter, ``(code, spec, default)`` (the codes above; spec an IntegerSpec).
        keywords: parameter name -> ``(code, spec, default)`` for parameters that may be given by keyword.
        dropped: keyword names the implementation does not take (given at their defaults, they are left out).
        check: the declaration's own argument check, run on the arguments as given; or None. A call whose
            check returns the arguments in another form goes to the chain, which passes them on so, and so
            does a call whose check raises: the chain runs it again and raises its error, named.
        check_nans: whether a NaN policy sends calls to the chain.
        unwrap_arrays: whether ``pa.Array`` arguments take the fast path (not where views are recorded).
        device_of: the backend's ``device_of`` where several arrays must share a device, else None.
        ranked: whether an integer parameter names axes, checked against the arrays' rank.
        minimum_rank: the rank every array must have at least (the declaration's ``rank_at_least`` check,
            compared here instead of called; the rank a default axis needs), or 0: arrays of a lower rank go to
            the chain.
        creation: whether ``impl`` is the implementation behind the ``infer_dtype`` wrapper (creation
            functions); only the Python fast path takes their calls of arrays.
        remembered: a creation function's remembered calls, which ``impl`` fills (None for other functions):
            a call of exact ints alone, under the defaults key ``defaults_key()`` gives, calls the call
            remembered for it (:func:`~polyarray._wrappers.dtype.remembered_key`).
        defaults_key: :func:`polyarray._dtypes.defaults_key`, for the compiled path's keys.
        to_native_dtype: ``Backend.native_dtype`` naming the function, for the ``DTYPE`` parameters.
    """

    __slots__ = (
        "arrays",
        "backend",
        "backend_name",
        "bare",
        "bare_options",
        "check",
        "check_nans",
        "creation",
        "defaults_key",
        "device_of",
        "dropped",
        "dtype_source",
        "finish",
        "impl",
        "inplace",
        "keywords",
        "minimum_rank",
        "native",
        "native_classes",
        "native_dtypes",
        "native_type",
        "npositional",
        "nrequired",
        "other_types",
        "positional",
        "promoted",
        "qualname",
        "ranked",
        "remembered",
        "scalars",
        "to_native_dtype",
        "translate",
        "unwrap_arrays",
        "wrap",
    )

    impl: Callable[..., Any]
    native: Callable[..., Any] | None
    native_dtypes: Any
    native_classes: tuple[type[Any], ...] | None
    bare: Callable[..., Any] | None
    bare_options: tuple[str, ...]
    inplace: Callable[[Any, Any], Any] | None
    native_type: type[Any]
    other_types: tuple[type[Any], ...]
    backend: Backend
    qualname: str
    backend_name: str
    translate: Callable[[BaseException, str, str], PolyarrayError] | None
    wrap: int
    finish: Callable[[Any], Any] | None
    nrequired: int
    npositional: int
    arrays: tuple[int, ...]
    promoted: tuple[int, ...]
    dtype_source: int
    scalars: dict[Any, tuple[tuple[type, ...], int, int]] | None
    positional: tuple[tuple[int, IntegerSpec | None, Any], ...]
    keywords: dict[str, tuple[int, IntegerSpec | None, Any]]
    dropped: frozenset[str]
    check: Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...] | None] | None
    check_nans: bool
    unwrap_arrays: bool
    device_of: Callable[[Any], Any] | None
    ranked: bool
    minimum_rank: int
    creation: bool
    remembered: RememberedCalls | None
    defaults_key: Callable[[], str]
    to_native_dtype: Callable[..., Any]

    def __repr__(self) -> str:
        return f"<FastPlan {self.qualname} on {self.backend_name}>"


def build_function(
    function: Callable[..., Any], decl: Declaration, backend: Backend, names: tuple[str, ...] | list[str]
) -> Callable[..., Any]:
    """The backend function: ``function`` wrapped by the named wrappers (innermost first), with its fast path.

    The result has ``chain`` (the wrapper chain, the reference behaviour) and
    ``plan`` (its :class:`FastPlan`, or None where every call takes the chain).
    """
    chain = function
    active = set()
    for name in reversed(ordered_wrappers(names)):
        wrapped = _FACTORIES[name](chain, decl, backend)
        if wrapped is not chain:
            active.add(name)
        chain = wrapped
    if active:
        chain = naming(chain, decl, backend)
    plan = plan_for(function, decl, backend, frozenset(active))
    if plan is None:
        fast = _plain(chain)
    elif decl.name in RETURNS_ITS_INPUT and "outputs_to_polyarray_arrays" in active:
        fast = _returning_input(fast_function(plan, chain))
    else:
        fast = fast_function(plan, chain)
    result = _describe(fast, decl, chain, plan)
    if plan is not None and _accel.AVAILABLE:
        # The same fast path, compiled; it hands the calls it does not take to the Python one.
        compiled = _accel.fast_function(plan, result)
        if compiled is not result:
            _tracers.trace_python_instead(compiled, result)
            return _describe(compiled, decl, chain, plan)
    return result


def operator_function(function: Any, backend: Backend) -> Callable[..., Any]:
    """``function`` (a backend function, with its ``chain`` and ``plan``) as ``pa.Array``'s operators call it.

    The same fast path with results always wrapped (``wrap`` 3), and the chain
    with its native results wrapped; so ``x + y`` of two ``pa.Array`` objects
    is a ``pa.Array`` also when array mode is off.
    """
    wrap_all = result_wrapper(backend)

    def chain(*args: Any, **kwargs: Any) -> Any:
        return wrap_all(function.chain(*args, **kwargs))

    plan: FastPlan | None = function.plan
    if plan is None or plan.wrap != 1:
        return _plain(chain)
    operator_plan = FastPlan()
    for name in FastPlan.__slots__:
        setattr(operator_plan, name, getattr(plan, name))
    operator_plan.wrap, operator_plan.finish = 3, wrap_all
    python = fast_function(operator_plan, chain)
    if _accel.AVAILABLE:
        compiled = _accel.fast_function(operator_plan, python)
        if compiled is not python:
            _tracers.trace_python_instead(compiled, python)
            pair = getattr(python, "operands", None)
            if pair is not None:
                # The pair compiled as well: the compiled operators hand the Python ones a few operands (a NumPy
                # scalar, a list), which it takes in C, handing the rest to the pair.
                compiled_pair = _accel.fast_function(operator_plan, pair)
                if compiled_pair is not pair:
                    _tracers.trace_python_instead(compiled_pair, pair)
                vars(compiled)["operands"] = compiled_pair
            return compiled
    return python


def operands_of(operator: Callable[..., Any]) -> Callable[[Any, Any], Any]:
    """``operator`` (a backend's ``operators`` entry) as ``pa.Array``'s binary operators call it, with the two
    operands alone, returning NotImplemented where one is not an operand (:func:`operand_checked`): the pair
    :func:`fast_function` makes for a function of two operands, which takes no other call shape and so saves
    the general entry's frame (compiled too where the operator function is: :func:`operator_function`), else
    ``operator`` so checked."""
    pair = getattr(operator, "operands", None)
    return pair if pair is not None else operand_checked(operator)


def operand_checked(function: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``function(first, second)`` where both are operands of ``pa.Array``'s operators (``_array.is_operand``),
    else NotImplemented, as Python's numbers return it: Python then asks the other operand's reflected
    operator."""

    known = OPERAND_CLASSES.get  # the classes met first

    def checked(first: Any, second: Any, /) -> Any:
        if (known(type(first)) or is_operand(first)) and (known(type(second)) or is_operand(second)):
            return function(first, second)
        return NotImplemented

    return checked


def inplace_operator(
    function: Any, operator: Callable[..., Any], backend: Backend, symbol: str, name: str
) -> Callable[[Array, Any], Any]:
    """``x op= y`` (the method ``name``) for arrays of ``backend``: ``x op y`` by ``operator`` (the backend's
    ``operators`` entry of ``function``), written into ``x`` by ``assign_result``. That is the reference; the
    closure returned makes the common calls directly and gives every other to it.

    A common call has ``x`` over the backend's main native array type on a backend with mutable arrays, and
    ``y`` a native array or ``pa.Array`` of the backend with ``x``'s dtype, or a Python scalar that takes that
    dtype (the plan's scalar rule), so ``x op y`` has ``x``'s dtype. Where the implementation has an in-place
    mark for the dtype (:attr:`FastPlan.inplace`, which raises before it writes anything) the mark's callable
    writes into ``x``; otherwise ``x op y`` is computed as the fast path computes it and written through the
    backend's ``inplace_update`` where it has the shape and dtype of ``x``, else handed to ``assign_result``.
    A call that raises goes to the reference, which raises the translated error, nothing having been written.
    The closure's ``reference`` attribute is the reference (the reference's own where it is returned), for the
    tests that compare the two.
    """

    def reference(self: Array, other: Any) -> Any:
        return assign_result(self, operator(self, other), symbol, name)

    plan: FastPlan | None = function.plan
    if (
        plan is None
        or not backend.mutable_arrays
        or plan.arrays != (0, 1)
        or plan.promoted != (0, 1)
        or plan.nrequired != 2
        or plan.check is not None
        or plan.minimum_rank
        or plan.ranked
        or not plan.unwrap_arrays
    ):
        reference.reference = reference  # type: ignore[attr-defined]  # pyright: ignore[reportFunctionMemberAccess]
        return reference
    T, B, others = plan.native_type, backend, plan.other_types
    impl, native, writer = plan.impl, plan.native, plan.inplace
    # The dtypes the writer and native hold for; native where x's class is one it holds for (x is always of the
    # main native class).
    native_dtypes = plan.native_dtypes or ()
    if plan.native_classes is not None and plan.native_type not in plan.native_classes:
        native = None
    scalar_rules = plan.scalars or {}
    check_nans, device_of = plan.check_nans, plan.device_of
    update = backend.raw.inplace_update
    config = settings

    def inplace(self: Array, other: Any) -> Any:
        data = self.data
        if data.__class__ is not T or (check_nans and config.nan_checking):
            return reference(self, other)
        dtype = data.dtype
        operand = other
        if other.__class__ is Array and other.backend is B:
            operand = other.data
        cls = operand.__class__
        if cls in SCALAR_TYPES:
            if not scalar_fits(scalar_rules.get(dtype), operand):
                return reference(self, other)
        elif not (cls is T or (others and isinstance(operand, others))) or operand.dtype is not dtype:
            return reference(self, other)
        elif device_of is not None and device_of(operand) != device_of(data):
            return reference(self, other)
        direct = dtype in native_dtypes
        if writer is not None and direct:
            try:
                writer(data, operand)
            except Exception:
                return reference(self, other)
            return self
        try:
            result = (native if direct and native is not None else impl)(data, operand)
        except Exception:
            return reference(self, other)
        if result.__class__ is T and result.dtype is dtype and result.shape == data.shape:
            try:
                if update(data, result) is data:
                    return self
            except Exception:
                pass  # assign_result raises the translated error
        return assign_result(self, result, symbol, name)

    inplace.reference = reference  # type: ignore[attr-defined]  # pyright: ignore[reportFunctionMemberAccess]
    if _accel.AVAILABLE and writer is not None:
        compiled = _accel.fast_inplace(plan, inplace, reference)
        if compiled is not inplace:
            _tracers.trace_python_instead(compiled, inplace)
            return compiled
    return inplace


def _returning_input(fast: Callable[..., Any]) -> Callable[..., Any]:
    """``fast``, whose results are its first argument itself where :func:`its_input` finds it, as the chain's
    ``outputs_to_polyarray_arrays`` gives them (``asarray``)."""

    def returning_input(*args: Any, **kwargs: Any) -> Any:
        result = fast(*args, **kwargs)
        if result.__class__ is Array:
            same = its_input(args, kwargs, result.data)
            if same is not None:
                return same
        return result

    return returning_input


def _plain(chain: Callable[..., Any]) -> Callable[..., Any]:
    def function(*args: Any, **kwargs: Any) -> Any:
        return chain(*args, **kwargs)

    return function


def _describe(function: Any, decl: Declaration, chain: Callable[..., Any], plan: FastPlan | None) -> Any:
    function.__name__ = decl.name
    function.__qualname__ = decl.qualname
    function.__doc__ = decl.doc
    function.__signature__ = decl.signature
    function.chain = chain
    function.plan = plan
    return function


# -- the plan --------------------------------------------------------------------------------


def plan_for(
    implementation: Callable[..., Any], decl: Declaration, backend: Backend, active: frozenset[str]
) -> FastPlan | None:
    """The fast path's plan for ``implementation``, or None where the chain must take every call.

    There is no fast path where a wrapper it cannot stand in for is active,
    for functions without a required array (creation functions excepted),
    with ``*args``/``**kwargs``, or with an array parameter whose default is
    not None. A creation function whose default dtype depends on its values
    (``zeros``, ``asarray`` …) calls its implementation through the
    ``infer_dtype`` wrapper, which gives those defaults.
    """
    params = list(decl.signature.parameters.values())
    if not active or active - STAND_INS or not backend.native_array_types:
        return None
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        return None
    # A creation function whose default dtype comes from its values: the fast path calls the implementation
    # through the infer_dtype wrapper itself, the one definition of those defaults.
    creation = "infer_dtype" in active and decl.name in CREATION_RULES
    try:
        implementation_names = set(signature_of(implementation).parameters)
    except (TypeError, ValueError):
        return None
    positional_kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    nrequired = sum(p.default is p.empty for p in params)
    if any(p.default is p.empty and p.kind not in positional_kinds for p in params[:nrequired]) or any(
        p.default is p.empty for p in params[nrequired:]
    ):
        return None  # a required parameter after an optional one, or keyword-only and required
    categories = dict(decl.positional_categories)
    categories.update(
        {params.index(p): decl.keyword_categories[p.name] for p in params if p.name in decl.keyword_categories}
    )
    added = wrapper_parameter_names()
    shapes_active = "inputs_to_native_shapes" in active
    integer_specs = {spec.name: spec for spec in integer_parameters(decl)} if "handle_exceptions" in active else {}

    arrays: list[int] = []
    codes: list[tuple[int, Any, Any]] = []
    for index, param in enumerate(params):
        category = categories.get(index)
        spec = integer_specs.get(param.name)
        default = None if param.default is param.empty else param.default
        if param.name in added:
            code: tuple[int, Any, Any] = (AT_DEFAULT, None, default)
        elif category == "array" and param.default is param.empty:
            arrays.append(index)
            code = (CHAIN, None, None)
        elif category == "dtype" and (param.default is None or param.default is param.empty):
            code = (DTYPE, None, None)
        elif category is not None:
            if param.default is not None:
                return None
            code = (NONE_ONLY, None, None)
        elif spec is not None and not spec.with_arrays and spec.kind == "integer":
            code = (INTEGER, IntegerSpec.of(spec), default)
        elif spec is not None and not spec.with_arrays:
            code = (VALUE, plain_values(spec), default)
        elif shapes_active and _is_shape_parameter(param.name, param.annotation):
            code = (NOT_SHAPE, None, default)
        else:
            code = (PASS, None, default)
        codes.append(code)
    if not arrays and not creation:
        return None
    ranked = any(code == INTEGER and spec[4] for code, spec, _ in codes)
    if ranked and {name for _, name, _ in array_positions(decl)} != {params[i].name for i in arrays}:
        return None  # axes are checked against the rank of arrays the fast path does not hold

    promoted = [i for i in promoted_operands(decl) if i in arrays]
    promoted = promoted if "infer_dtype" in active and len(promoted) > 1 else []
    guarded = _guarded_direct(implementation)
    plan = FastPlan()
    plan.remembered, plan.defaults_key = None, _dtypes.defaults_key
    mixed = backend.partial_mixed.get(decl.qualname) if "handle_partial_mixed_function" in active else None
    if mixed is not None and not set(inner_wrappers(decl.wrappers)) <= STAND_INS:
        return None  # the composition runs inside wrappers the fast path does not stand in for
    check = decl.check if decl.check and "handle_exceptions" in active else None
    if creation:
        # The chain checks a creation function's arguments inside the creation wrapper, with the default dtype
        # filled in (arange's bounds are those of the default integer dtype): so does the fast path.
        guarded = None
        plan.remembered = {}
        plan.impl = creating_checked(implementation, decl, backend, check, plan.remembered)
    elif mixed is not None:
        # The native implementation where its handler takes the call, else the composition on native arrays, as
        # the raw namespace chooses (the wrappers inside handle_partial_mixed_function are the fast path's own).
        guarded, plan.impl = None, choose(implementation, mixed[1], mixed[2])
    else:
        plan.impl = _direct(implementation)
    plan.native, plan.native_dtypes, plan.native_classes = guarded if guarded is not None else (None, None, None)
    plan.bare, plan.bare_options = _bare_mark(implementation) if guarded is not None else (None, ())
    plan.inplace = _inplace_mark(implementation) if guarded is not None else None
    plan.native_type = backend.native_array_types[0]
    plan.other_types = tuple(backend.native_array_types[1:])
    plan.backend = backend
    plan.qualname = decl.qualname
    plan.backend_name = backend.name
    plan.translate = translate_exception if "handle_exceptions" in active else None
    if "outputs_to_polyarray_arrays" not in active:
        plan.wrap, plan.finish = 0, None
    elif decl.result is None and not decl.returns_dtype:
        plan.wrap, plan.finish = 1, result_wrapper(backend)
    else:
        plan.wrap, plan.finish = 2, _finisher(decl, backend)
    plan.nrequired = nrequired
    plan.npositional = sum(p.kind in positional_kinds for p in params)
    plan.arrays = tuple(arrays)
    plan.promoted = tuple(promoted)
    plan.dtype_source = promoted[0] if promoted else arrays[0] if guarded is not None else -1
    # A Python scalar operand takes the array's dtype only where the call then equals the framework callable's
    # with that scalar: through a direct mark (the framework treats Python scalars as of the array's dtype).
    direct = not creation and mixed is None and (guarded is not None or plan.impl is not implementation)
    takes_scalars = len(promoted) == 2 and all(takes_scalar(params[i]) for i in promoted)
    scalars = scalar_rules(backend) if direct and takes_scalars else None
    if scalars is not None and guarded is not None and plan.impl is implementation:
        # The implementation equals a framework callable for the guarded dtypes alone.
        scalars = {dtype: rule for dtype, rule in scalars.items() if dtype in guarded[1]}
    plan.scalars = scalars
    plan.positional = tuple(codes[: plan.npositional])
    plan.keywords = {p.name: codes[i] for i, p in enumerate(params) if p.kind is not inspect.Parameter.POSITIONAL_ONLY}
    plan.dropped = frozenset(p.name for p in params if p.name in added and p.name not in implementation_names)
    plan.check = None if creation else check
    # A check that every array has at least some rank (``_checks.rank_at_least``) is compared here as data (where
    # no Python scalar stands for an array, whose rank the check would read as 0).
    requirement = getattr(decl.check, "minimum_rank", None)
    plan.minimum_rank = 0
    if (
        plan.check is not None
        and requirement is not None
        and [p for p, _ in requirement[1]] == list(arrays)
        and (len(arrays) == 1 or scalars is None)
    ):
        plan.check, plan.minimum_rank = None, requirement[0]
    # Arrays of a lower rank than a default axis needs (0-d ones for sort's axis=-1) go to the chain, whose
    # integer check raises the error where the call leaves the axis out.
    plan.minimum_rank = max(plan.minimum_rank, default_axes_rank(decl) if integer_specs else 0)
    plan.check_nans = "handle_nans" in active or (mixed is not None and "handle_nans" in decl.wrappers)
    plan.unwrap_arrays = "handle_view" not in active
    several_devices = "handle_device_shifting" in active and len(arrays) > 1 and len(backend.info.devices) > 1
    plan.device_of = backend.raw.device_of if several_devices else None
    plan.ranked = ranked
    plan.creation = creation
    plan.to_native_dtype = dtype_converter(decl, backend)
    return plan


#: How many dtype objects a backend function remembers the native dtype of.
_KNOWN_DTYPES = 64


def dtype_converter(decl: Declaration, backend: Backend) -> Callable[[Any], Any]:
    """The chain's conversion of a dtype argument (``Backend.native_dtype``, its errors named as the chain names
    them), remembering the result for each dtype object met, by identity, except Python's types (``float`` stands
    for this context's default)."""
    convert = naming(functools.partial(backend.native_dtype, function=decl.qualname), decl, backend)
    known: dict[int, tuple[Any, Any]] = {}
    is_compiling = _tracers.compiling_test()

    def to_native_dtype(dtype: Any) -> Any:
        if is_compiling():
            return convert(dtype)  # PyTorch's compiler reads no identities of the values it traces
        entry = known.get(id(dtype))
        if entry is not None and entry[0] is dtype:
            return entry[1]
        native = convert(dtype)
        if dtype.__class__ is not type and len(known) < _KNOWN_DTYPES:
            known[id(dtype)] = (dtype, native)
        return native

    return to_native_dtype


#: Dtypes a framework may combine with a Python float at a higher precision than the dtype's own (torch
#: computes ``bfloat16_x * 0.1`` in float32), which rounding the scalar to the dtype first does not give.
_HALF_PRECISION = frozenset({"float16", "bfloat16", "complex32"})


def scalar_rules(backend: Backend) -> dict[Any, tuple[tuple[type, ...], int, int]]:
    """Per native dtype of ``backend``: the Python scalar types that keep it, and the ints that fit it.

    A scalar type keeps a dtype where promotion gives the dtype itself
    (``float`` with ``float32``; not ``float`` with ``int8``), so the call's
    result is what the framework gives for the scalar as an array of that
    dtype. Ints must also fit the dtype (``check_scalar``'s bounds) and a 64-bit signed integer.
    """
    rules = backend._scalar_rules
    if rules is None:
        rules = {}
        for name, native in backend._to_native.items():
            portable = backend._to_portable[native]
            if portable.kind == "bool" or name in _HALF_PRECISION:
                continue
            kinds = tuple(t for t in SCALAR_TYPES if promote_scalar(portable, t, backend.default_dtypes) is portable)
            low, high = SCALAR_BOUNDS.get(name, (0, -1))
            # Frameworks read a Python int as a 64-bit signed integer (JAX refuses larger ones): beyond that
            # range the chain makes the scalar an array of the dtype first.
            rules[native] = (kinds, max(int(low), -(2**63)), min(int(high), 2**63 - 1))
        backend._scalar_rules = rules
    return rules


def _finisher(decl: Declaration, backend: Backend) -> Callable[[Any], Any]:
    """What ``outputs_to_polyarray_arrays`` does to a dtype or ``result=`` result, for the fast path."""
    config = settings
    if decl.returns_dtype:
        portable = backend.portable_dtype
        return lambda result: portable(result) if config.array_mode else result
    wrap = result_wrapper(backend)
    result_cls = decl.result
    assert result_cls is not None, decl.qualname  # plan_for finishes only dtypes (above) and result= tuples

    def to_result(result: Any) -> Any:
        result = result_cls(*result)
        return wrap(result) if config.array_mode else result

    return to_result


def _direct(implementation: Callable[..., Any]) -> Callable[..., Any]:
    """The native callable an implementation marked ``polyarray_direct`` forwards to, else the implementation.

    The mark is ``(native, code)``; it counts only on the function whose code
    it names, not on a wrapper that copied the attribute. A mark with a third
    item, the native dtypes it holds for, is :func:`_guarded_direct`'s; with a
    fourth, the implementation forwards to that one for every call (a fifth
    is the class the first is guarded by too).
    """
    mark = mark_of(implementation)
    if mark is None or len(mark) == 3:
        return implementation
    return mark[0] if len(mark) == 2 else mark[3]


def _guarded_direct(
    implementation: Callable[..., Any],
) -> tuple[Callable[..., Any], frozenset[Any], tuple[type[Any], ...] | None] | None:
    """``(native, dtypes, classes)`` of a mark ``(native, code, dtypes[, forwarded_to[, classes]])``: the
    implementation gives what ``native`` gives for operands of those native dtypes (the first array's dtype
    decides), and where the mark names classes (a class or a tuple of them), for a first operand of exactly one
    of them (NumPy's ``ndarray``, not its scalars); so the fast path calls ``native`` (``classes`` None: any
    class)."""
    mark = mark_of(implementation)
    if mark is None or len(mark) < 3:
        return None
    if len(mark) < 5:
        return mark[0], frozenset(mark[2]), None
    return mark[0], frozenset(mark[2]), tuple(mark[4]) if isinstance(mark[4], tuple) else (mark[4],)


def _bare_mark(implementation: Callable[..., Any]) -> tuple[Callable[..., Any] | None, tuple[str, ...]]:
    """The framework callable of a mark ``polyarray_bare = (callable, code[, options])`` and its options: what the
    direct mark's callable gives for its dtypes where the call passes the required arguments alone, every array
    operand native, or those with the first few of ``options`` by keyword (:attr:`FastPlan.bare_options`)."""
    mark = mark_of(implementation, "polyarray_bare", (2, 3))
    if mark is None:
        return None, ()
    options = tuple(mark[2]) if len(mark) == 3 else ()
    if not all(isinstance(name, str) for name in options):
        raise TypeError(f"the polyarray_bare mark of {implementation!r} names its options with strings: {options!r}")
    return cast("Callable[..., Any]", mark[0]), options


def bare_positional(names: tuple[str, ...], passed: dict[str, Any]) -> tuple[Any, ...] | None:
    """The keyword options ``passed`` as the bare callable takes them, positionally in the order of ``names``,
    where they are the first ``len(passed)`` of ``names``, none of them None or ``()`` (which frameworks read
    as "every axis"); else None: the call is the direct callable's.

    >>> bare_positional(("axis", "keepdims"), {"keepdims": True, "axis": 1})
    (1, True)
    >>> bare_positional(("axis", "keepdims"), {"keepdims": True}) is None
    True
    """
    count = len(passed)
    if count > len(names):
        return None
    options = []
    for name in names[:count]:
        value = passed.get(name, _ABSENT)
        if value is _ABSENT or value is None or (value.__class__ is tuple and not value):
            return None
        options.append(value)
    return tuple(options)


def _inplace_mark(implementation: Callable[..., Any]) -> Callable[[Any, Any], Any] | None:
    """The framework callable of a mark ``polyarray_inplace = (writer, code[, common])``: ``writer(x1, x2)``
    writes what the direct mark's callable gives for ``(x1, x2)`` into ``x1``, for the same dtypes, raising
    before it writes anything. Like the direct mark, it counts only on the function whose code it names.
    ``common`` spells the writer's common case as data, which the compiled path takes in C
    (:func:`_accel.guarded_writer`)."""
    mark = mark_of(implementation, "polyarray_inplace", (2, 3))
    if mark is None:
        return None
    writer = cast("Callable[[Any, Any], Any]", mark[0])
    if len(mark) == 3 and mark[2] is not None:
        guarded = _accel.guarded_writer(writer, mark[2])
        if guarded is not writer:
            _tracers.trace_python_instead(guarded, writer)
        return guarded
    return writer


# -- the checks, per argument --------------------------------------------------------------------


#: The largest int the fast path passes on (C's 64-bit long): the chain checks larger ones.
_LONG_MAX = 2**63 - 1


def integer_ok(value: Any, spec: IntegerSpec, rank: int) -> bool:
    """Whether ``value`` passes the integer check unchanged: a plain int, None or tuple of plain ints as allowed,
    at least the minimum, and, for axes, in range for ``rank`` axes (no axis twice where that is an error)."""
    minimum, allows_none, allows_sequence, unique, names_axes, extra, allows_int = spec
    cls = value.__class__
    if cls is int:
        if not allows_int or value < minimum or value > _LONG_MAX:
            return False
        if names_axes:
            size = rank + extra
            return -size <= value < size
        return True
    if value is None:
        return allows_none
    if cls is not tuple or not allows_sequence:
        return False
    size = rank + extra
    seen = set()
    for item in value:
        if item.__class__ is not int or item < minimum or item > _LONG_MAX:
            return False
        if names_axes:
            if not -size <= item < size:
                return False
            item %= size
        seen.add(item)
    return not unique or len(seen) == len(value)


def takes_scalar(param: inspect.Parameter) -> bool:
    """Whether the declaration lets ``param`` be a Python number (``x2: ArrayLike | int | float``)."""
    return bool(_SCALAR_WORDS.search(_annotation_text(param.annotation)))


def scalar_fits(rule: tuple[tuple[type, ...], int, int] | None, value: Any) -> bool:
    """Whether the Python scalar ``value`` takes an array's dtype under ``rule`` (its :func:`scalar_rules` entry,
    None where no scalar does): a type the rule keeps, and an int within its bounds."""
    cls = value.__class__
    return rule is not None and cls in rule[0] and (cls is not int or rule[1] <= value <= rule[2])


def _argument_ok(code: int, spec: Any, value: Any, default: Any, rank: int) -> bool:
    if code == PASS:
        return True
    if code == INTEGER:
        return integer_ok(value, spec, rank)
    if code == NONE_ONLY:
        return value is None
    if code == NOT_SHAPE:
        return value.__class__ is not Shape
    if code == AT_DEFAULT:
        return value is default
    if code == VALUE:
        classes, strings = spec
        return value.__class__ in classes or (value.__class__ is str and value in strings)
    return code == DTYPE


# -- the closures --------------------------------------------------------------------------------


def fast_function(plan: FastPlan, chain: Callable[..., Any]) -> Callable[..., Any]:
    """The Python fast path of ``plan``: calls it can take are made directly, every other goes to ``chain``."""
    impl, native, native_dtypes, bare, bare_options = (
        plan.impl,
        plan.native,
        plan.native_dtypes,
        plan.bare,
        plan.bare_options,
    )
    # A class is found in a frozenset by its identity's hash, where a tuple compares it with each item.
    native_class_set = frozenset(plan.native_classes) if plan.native_classes is not None else None
    T, B, others = plan.native_type, plan.backend, plan.other_types
    translate, qualname, backend_name = plan.translate, plan.qualname, plan.backend_name
    # finish is None only where wrap is 0, which never calls it.
    wrap, finish = plan.wrap, cast("Callable[[Any], Any]", plan.finish)
    nrequired, npositional = plan.nrequired, plan.npositional
    arrays, promoted, dtype_source = plan.arrays, plan.promoted, plan.dtype_source
    scalars, positional, keywords, dropped = plan.scalars, plan.positional, plan.keywords, plan.dropped
    scalar_rules = scalars or {}  # read where a scalar was accepted, so where scalars is not None
    # bare and native where they are called (only where they are not None): typed once, not cast per call.
    bare_call: Callable[..., Any] = bare if bare is not None else impl
    native_call: Callable[..., Any] = native if native is not None else impl
    check, check_nans, unwrap, device_of, ranked = (
        plan.check,
        plan.check_nans,
        plan.unwrap_arrays,
        plan.device_of,
        plan.ranked,
    )
    minimum_rank = plan.minimum_rank
    to_native_dtype, creation = plan.to_native_dtype, plan.creation
    dtype_positions = tuple(i for i, (code, _, _) in enumerate(positional) if code == DTYPE)
    dtype_keywords = frozenset(name for name, (code, _, _) in keywords.items() if code == DTYPE)
    config = settings
    new_object, register = object.__new__, _registry.register_array
    promoted_set = frozenset(promoted)
    single = len(arrays) == 1
    rewritten = dropped | dtype_keywords  # keywords the call passes on changed
    # An INTEGER entry holds its IntegerSpec (typed here once: no cast() call on the path).
    keyword_entries: dict[str, tuple[int, Any, Any]] = keywords

    def finished(result: Any) -> Any:
        # The result as the call gives it: a pa.Array around a native array where the plan wraps it.
        if wrap == 1 and not config.array_mode:
            return result
        if wrap == 1 or wrap == 3:
            if result.__class__ is T or (others and isinstance(result, others)):
                array = new_object(Array)
                array.data = result
                array.backend = B
                if config.dynamic_backend:  # a new array's flag and registration (_registry.track)
                    array._dynamic = True
                    if config.registering:
                        register(array)
                return array
            return finish(result)
        return result if wrap == 0 else finish(result)

    def keywords_passed(kwargs: dict[str, Any], rank: int) -> dict[str, Any] | None:
        # The keyword arguments as the implementation takes them (dropped ones left out, dtypes native), or None
        # where one is not for the fast path.
        for name, value in kwargs.items():
            entry = keyword_entries.get(name)
            if entry is None:
                return None
            code = entry[0]
            if code == PASS:
                continue
            if code == INTEGER:
                if not integer_ok(value, entry[1], rank):
                    return None
            elif not _argument_ok(code, entry[1], value, entry[2], rank):
                return None
        if rewritten and not rewritten.isdisjoint(kwargs):
            if dropped and not dropped.isdisjoint(kwargs):
                kwargs = {name: value for name, value in kwargs.items() if name not in dropped}
            if dtype_keywords and not dtype_keywords.isdisjoint(kwargs):
                kwargs = {
                    name: to_native_dtype(value) if name in dtype_keywords and value is not None else value
                    for name, value in kwargs.items()
                }
        return kwargs

    def fast(*args: Any, **kwargs: Any) -> Any:
        count = len(args)
        if count < nrequired or count > npositional or (check_nans and config.nan_checking):
            return chain(*args, **kwargs)
        values = list(args)
        scalar_at = -1
        for index in arrays:
            value = args[index]
            cls = value.__class__
            if cls is T:
                if creation and native_byte_order(value) is not value:
                    return chain(*args, **kwargs)  # the chain gives the data in native byte order
                continue
            if cls is Array:
                if unwrap and value.backend is B and (value.data.__class__ is T or isinstance(value.data, others)):
                    values[index] = value.data
                    continue
            elif scalars is not None and cls in SCALAR_TYPES and index in promoted_set and scalar_at < 0:
                scalar_at = index
                continue
            elif others and isinstance(value, others):
                continue
            elif creation and python_numbers(value):
                continue  # the data of asarray: the creation wrapper reads its default dtype from the values
            return chain(*args, **kwargs)
        dtype = None
        if scalar_at >= 0:
            dtype = values[promoted[1] if scalar_at == promoted[0] else promoted[0]].dtype
            if not scalar_fits(scalar_rules.get(dtype), values[scalar_at]):
                return chain(*args, **kwargs)
        elif promoted:
            dtype = values[promoted[0]].dtype
            for index in promoted[1:]:
                if values[index].dtype is not dtype:
                    return chain(*args, **kwargs)
        elif dtype_source >= 0:
            dtype = values[dtype_source].dtype
        rank = 0
        if ranked or minimum_rank:
            try:
                if single:
                    rank = lowest = values[arrays[0]].ndim
                else:
                    ranks = [values[i].ndim for i in arrays if i != scalar_at]
                    rank, lowest = max(ranks), min(ranks)
            except (AttributeError, TypeError):
                return chain(*args, **kwargs)
            if lowest < minimum_rank:
                return chain(*args, **kwargs)  # the chain's check raises the error
        for index in range(count):
            code, spec, default = positional[index]
            if code != CHAIN and not _argument_ok(code, spec, args[index], default, rank):
                return chain(*args, **kwargs)
        passed = kwargs
        if kwargs:
            taken = keywords_passed(kwargs, rank)
            if taken is None:
                return chain(*args, **kwargs)
            passed = taken
        for index in dtype_positions:
            if index < count and values[index] is not None:
                values[index] = to_native_dtype(values[index])
        if device_of is not None:
            device = device_of(values[arrays[0]])
            for index in arrays[1:]:
                if index != scalar_at and device_of(values[index]) != device:
                    return chain(*args, **kwargs)
        if check is not None:
            try:
                normalised = check(tuple(values), passed)
            except Exception:
                return chain(*args, **kwargs)  # the chain runs the check again and raises its error, named
            if normalised is not None:
                return chain(*args, **kwargs)  # the check puts the arguments in another form, as the chain does
        # The framework's callable where the dtype is one it holds for (its bare form for the required arguments
        # alone, every array native, and options it takes positionally), else the implementation; its errors
        # translated as the chain translates them.
        target, options = impl, None
        if (
            native is not None
            and dtype in native_dtypes
            and (
                native_class_set is None
                # the first array operand: the second where the first is a Python scalar
                or values[arrays[1] if scalar_at == arrays[0] else arrays[0]].__class__ in native_class_set
            )
        ):
            target = native_call
            if bare is not None and scalar_at < 0 and count == nrequired:
                if not kwargs:
                    target = bare_call
                elif bare_options and passed:
                    options = bare_positional(bare_options, passed)
                    target = native_call if options is None else bare_call
        try:
            try:
                if options is not None:
                    result = target(*values, *options)
                else:
                    result = target(*values, **passed) if passed else target(*values)
            except Exception:
                if target is not bare:
                    raise
                # Where the bare form raises (a reduction of nothing), the direct callable decides.
                result = native_call(*values, **passed) if passed else native_call(*values)
        except PolyarrayError:
            raise
        except Exception as error:
            if translate is None:
                raise
            raise translate(error, qualname, backend_name) from error
        return finished(result)

    if len(arrays) == 1 and nrequired == 1 and check is None:
        # One array and nothing else required (element-wise functions of one array, most reductions),
        # called with the array alone and options by keyword.
        def fast_one(*args: Any, **kwargs: Any) -> Any:
            if len(args) == 1 and not (check_nans and config.nan_checking):
                value = args[0]
                cls = value.__class__
                if cls is Array and unwrap and value.backend is B:
                    value = value.data
                    cls = value.__class__
                if (cls is T or (others and isinstance(value, others))) and not (
                    creation and native_byte_order(value) is not value
                ):
                    dtype = value.dtype if native is not None else None
                    passed: dict[str, Any] | None = None
                    if not kwargs:
                        if minimum_rank:
                            try:  # a rank too low, or none to read (TensorFlow's ResourceVariable): the chain's
                                if value.ndim < minimum_rank:
                                    return fast(*args, **kwargs)
                            except (AttributeError, TypeError):
                                return fast(*args, **kwargs)
                    else:
                        try:
                            rank = value.ndim if ranked or minimum_rank else 0
                        except (AttributeError, TypeError):
                            return fast(*args, **kwargs)  # no rank to read (TensorFlow's ResourceVariable)
                        if rank < minimum_rank:
                            return fast(*args, **kwargs)
                        passed = keywords_passed(kwargs, rank)
                        if passed is None:
                            return fast(*args, **kwargs)
                    # The callable chosen as in fast, in line (as in fast_pair).
                    target, options = impl, None
                    if (
                        native is not None
                        and dtype in native_dtypes
                        and (native_class_set is None or cls in native_class_set)
                    ):
                        target = native_call if kwargs or bare is None else bare_call
                        if bare_options and passed:
                            options = bare_positional(bare_options, passed)
                            target = native_call if options is None else bare_call
                    try:
                        try:
                            if options is not None:
                                result = target(value, *options)
                            else:
                                result = target(value, **passed) if passed else target(value)
                        except Exception:
                            if target is not bare:
                                raise
                            result = native_call(value, **passed) if passed else native_call(value)  # as in fast
                    except PolyarrayError:
                        raise
                    except Exception as error:
                        if translate is None:
                            raise
                        raise translate(error, qualname, backend_name) from error
                    if wrap == 1 and not config.array_mode:
                        return result
                    if (wrap == 1 or wrap == 3) and (result.__class__ is T or (others and isinstance(result, others))):
                        # finished(result) for a native result, in line (as in fast_pair): a Python frame fewer.
                        array = new_object(Array)
                        array.data, array.backend = result, B
                        if config.dynamic_backend:
                            array._dynamic = True
                            if config.registering:
                                register(array)
                        return array
                    return finished(result)
            return fast(*args, **kwargs)

        return fast_one
    if arrays == (0, 1) and nrequired == 2 and check is None and device_of is None:
        # Two arrays and nothing else required (element-wise functions of two operands, matmul, the operators
        # of pa.Array). The plan's constants the pair tests, read once here: the backend of the pa.Array
        # operands it unwraps (none where the plan unwraps none), the dtypes its direct callable holds for
        # (none where it has none), the callable for two native arrays, and whether a native result is wrapped.
        own_backend = B if unwrap else _ABSENT
        direct_dtypes = native_dtypes if native is not None else frozenset()
        both_native_call = bare_call if bare is not None else native_call
        wraps_native = wrap == 1 or wrap == 3
        scalar_operands = scalars is not None and not minimum_rank and not ranked

        def pair(decline: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
            # The pair that hands each call it does not take to ``decline``.
            def fast_pair(first: Any, second: Any, /) -> Any:
                # The two operands alone, the commonest call of a program (pa.Array's binary operators make it):
                # ``call``'s choice of the callable and its translation of errors are made in line, a Python frame
                # fewer.
                if check_nans and config.nan_checking:
                    return decline(first, second)
                x, y = first, second
                if x.__class__ is Array:
                    if x.backend is not own_backend:
                        return decline(first, second)
                    x = x.data
                if y.__class__ is Array:
                    if y.backend is not own_backend:
                        return decline(first, second)
                    y = y.data
                x_class, y_class = x.__class__, y.__class__
                x_native = x_class is T or (others and x_class not in SCALAR_TYPES and isinstance(x, others))
                y_native = y_class is T or (others and y_class not in SCALAR_TYPES and isinstance(y, others))
                if x_native and y_native:
                    dtype = x.dtype
                    if promoted and y.dtype is not dtype:
                        return decline(first, second)
                    if minimum_rank:
                        try:  # a rank too low, or none to read (TensorFlow's ResourceVariable): the chain's
                            if x.ndim < minimum_rank or y.ndim < minimum_rank:
                                return decline(first, second)
                        except (AttributeError, TypeError):
                            return decline(first, second)
                    target = both_native_call if dtype in direct_dtypes else impl
                elif scalar_operands and (x_native or y_native):
                    # An array and a Python scalar, which takes the array's dtype where its rule says so (as in fast
                    # above): a type the rule keeps, and an int within its bounds (scalar_fits, in line).
                    scalar = y if x_native else x
                    dtype = (x if x_native else y).dtype
                    rule = scalar_rules.get(dtype)
                    cls = scalar.__class__
                    if rule is None or cls not in rule[0] or (cls is int and not rule[1] <= scalar <= rule[2]):
                        return decline(first, second)
                    target = native_call if dtype in direct_dtypes else impl
                else:
                    return decline(first, second)
                if native_class_set is not None and (x_class if x_native else y_class) not in native_class_set:
                    target = impl  # the class of the first array operand, as in fast
                try:
                    try:
                        result = target(x, y)
                    except Exception:
                        if target is not bare:
                            raise
                        result = native_call(x, y)  # as in fast
                except PolyarrayError:
                    raise
                except Exception as error:
                    if translate is None:
                        raise
                    raise translate(error, qualname, backend_name) from error
                if wrap == 1 and not config.array_mode:
                    return result
                if wraps_native and (result.__class__ is T or (others and isinstance(result, others))):
                    # finished(result) for a native result, in line: a Python frame fewer.
                    array = new_object(Array)
                    array.data, array.backend = result, B
                    if config.dynamic_backend:
                        array._dynamic = True
                        if config.registering:
                            register(array)
                    return array
                return finished(result)

            return fast_pair

        fast_pair = pair(fast)

        def fast_two(first: Any = _ABSENT, second: Any = _ABSENT, /, *rest: Any, **kwargs: Any) -> Any:
            if second is _ABSENT or rest or kwargs:
                given = (first, second, *rest) if second is not _ABSENT else () if first is _ABSENT else (first,)
                return fast(*given, **kwargs)
            return fast_pair(first, second)

        # The pair pa.Array's binary operators call (operands_of), for which a value that is not an operand
        # gets NotImplemented.
        fast_two.operands = pair(operand_checked(fast))  # type: ignore[attr-defined]  # pyright: ignore[reportFunctionMemberAccess]
        return fast_two
    return fast
