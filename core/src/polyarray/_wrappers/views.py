"""handle_view and handle_view_indexing: an in-place update through a view is visible through its base.

This holds on every backend. Where arrays are mutable (NumPy, PyTorch …)
views are native: ``reshape``, ``permute_dims``, basic indexing … already
share memory with their input, so both wrappers return the function
unchanged and cost nothing.

Where arrays are immutable (a backend whose ``backend_info`` says
``mutable_arrays: False``, as JAX's or TensorFlow's would) nothing shares
memory, so a view is a ``pa.Array`` that records its base and how to
recompute itself from the base's data: ``view._view = (base, steps)``, each
step ``(function, args, kwargs, item)`` meaning ``function(data, *args,
**kwargs)`` (then ``[item]``, for one array of a tuple result). A view of a
view records the first base and both steps. The base keeps weak references
to its views (``base._views``). Giving a view new data (``view[...] = v``,
``out=view``: see :func:`assign`) scatters the values into the base through
the backend's ``set_item`` hook, then every live view of the base is
recomputed, so the base and all its views see the write.

``broadcast_to`` and ``broadcast_arrays`` are not tracked: several elements
of such a view are one element of the base (NumPy makes these views
read-only), so their results are independent arrays on immutable backends.
"""

from __future__ import annotations

import math
import numbers
import operator
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._array import Array, wrap_native
from .._dtypes import DType, as_dtype
from .._errors import PolyarrayError, PolyarrayOverflowError, PolyarrayTypeError, PolyarrayValueError
from .._promotion import SCALAR_BOUNDS
from . import wrapper, wrapper_parameter_names
from .dtype import check_data
from .errors import translate_exception

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = [
    "assign",
    "checked_key",
    "direct_index_type",
    "is_basic_key",
    "make_getitem",
    "make_setitem",
    "native_key",
    "record",
]

#: View functions whose results are not tracked (see the module docstring).
UNTRACKED = frozenset({"broadcast_to", "broadcast_arrays"})

#: A step: ``function(data, *args, **kwargs)``, then ``[item]`` when item is not None.
Step = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], Any]

_SIMPLE_INDICES = (slice, type(Ellipsis), type(None))


def native_key(key: Any) -> Any:
    """An index with ``pa.Array`` parts replaced by their native arrays."""
    array = Array
    if type(key) is array:
        return key.data
    if type(key) is tuple:
        return tuple(k.data if type(k) is array else k for k in key)
    return key


def is_basic_key(key: Any) -> bool:
    """Whether ``key`` is basic indexing (integers, slices, ``...``, ``None``), whose result is a view."""
    for part in key if type(key) is tuple else (key,):
        if isinstance(part, _SIMPLE_INDICES):
            continue
        if isinstance(part, bool) or not isinstance(part, numbers.Integral):
            return False
    return True


# -- recording and updating views of immutable arrays -------------------------------------


def record(view: Array, base: Array, step: Step) -> None:
    """Record that ``view`` is ``step`` applied to ``base`` (which may itself be a view)."""
    info = getattr(base, "_view", None)
    root, steps = (base, (step,)) if info is None else (info[0], (*info[1], step))
    view._view = (root, steps)
    refs = getattr(root, "_views", None)
    if refs is None:
        root._views = refs = []
    elif len(refs) % 32 == 31:
        refs[:] = [ref for ref in refs if ref() is not None]
    refs.append(weakref.ref(view))


def replay(data: Any, steps: tuple[Step, ...]) -> Any:
    """The data of a view: ``steps`` applied to its base's ``data``."""
    for function, args, kwargs, item in steps:
        data = function(data, *args, **kwargs)
        if item is not None:
            data = data[item]
    return data


def assign(array: Array, data: Any) -> None:
    """Give ``array`` new native ``data`` (same shape and dtype), keeping its base and views consistent.

    On mutable backends, where views are native, this only rebinds
    ``array.data`` (for data that could not be updated in place, such as a
    NumPy scalar). For a recorded view the values go into its base, and every
    live view of that base is recomputed.
    """
    info = getattr(array, "_view", None)
    if info is None:
        array.data = data
        root = array
    else:
        root, steps = info
        root.data = _scatter(root, steps, data)
    _refresh(root)


def _scatter(root: Array, steps: tuple[Step, ...], values: Any) -> Any:
    """The base's data with the view given by ``steps`` replaced by ``values``.

    The steps are replayed on the positions ``0 … size-1`` of the base, which
    says where each element of the view lives in the (flattened) base.
    """
    raw = root.backend.raw
    base = root.data
    shape = tuple(base.shape)
    positions = replay(raw.reshape(raw.arange(math.prod(shape)), shape), steps)
    flat = raw.set_item(raw.reshape(base, (-1,)), raw.reshape(positions, (-1,)), raw.reshape(values, (-1,)))
    return raw.reshape(flat, shape)


def _refresh(root: Array) -> None:
    """Recompute every live view of ``root`` from its data.

    A view that can no longer be recomputed (its base's data was replaced by
    data of another shape) is detached: it keeps its last values.
    """
    refs = getattr(root, "_views", None)
    if not refs:
        return
    data = root.data
    alive = []
    for ref in refs:
        view = ref()
        if view is None or getattr(view, "_view", None) is None or view._view[0] is not root:
            continue
        try:
            view.data = replay(data, view._view[1])
        except Exception:
            view._view = None
            continue
        alive.append(ref)
    root._views = alive


# -- Array.__getitem__ and Array.__setitem__ ------------------------------------------------


def direct_index_type(backend: Backend) -> type | None:
    """The native array type that basic indexing of ``backend``'s arrays gives directly, or None.

    Where views are native and indexing is the framework's own (no ``get_item``
    hook), a key of plain ints, slices, ``None`` and ``...`` indexes the data
    directly; a result of this type is the view, wrapped as it is. The compiled
    ``Array.__getitem__`` (``_speedups.c``) reads it from ``Backend.direct_index_type``.
    """
    if backend.mutable_arrays and "get_item" not in backend.native_support and backend.native_array_types:
        return backend.native_array_types[0]
    return None


def make_getitem(backend: Backend) -> Callable[[Array, Any], Array]:
    """``Array.__getitem__`` for arrays of ``backend``: basic indexing gives a view on every backend.

    An integer for every axis gives a 0-d array, as the standard says, and a
    view of it: where the framework gives a scalar instead (NumPy), the
    index is taken again with ``...`` appended, which gives the 0-d view.
    """
    array_type = Array
    name = backend.name
    get_item = backend.raw.get_item
    native_type = direct_index_type(backend)
    lazy = backend.info.lazy
    mutable, copy, expand_dims = backend.mutable_arrays, backend.raw.asarray, backend.raw.expand_dims

    def getitem(x: Array, key: Any) -> Array:
        data = x.data
        if native_type is not None and _is_plain_basic(key):
            try:
                result = data[key]
                if result.__class__ is not native_type:
                    result = _zero_d_view(data, key, result, native_type)
            except Exception:
                result = None  # the slow path below raises the error, translated
            if result.__class__ is native_type:
                return wrap_native(result, x.backend)
        try:
            checked = checked_key(key, x.ndim)
            key, emptied = bools_as_new_axis(checked, x.ndim)
            # NumPy's bools are an advanced index, which copies: the key read for them indexes basically.
            copies = key is not checked and mutable
            key, added = advanced_as_numpy_reads_it(key, x.ndim)
            for axis in added:
                data = expand_dims(data, axis=axis)
            key = native_key(key)
            try:
                result = get_item(data, key)
            except PolyarrayError:
                raise
            except Exception:
                # TypeError, ValueError, or a framework's own error (TensorFlow's InvalidArgumentError).
                # A lazy backend's get_item takes every index itself: the fallback below reads index
                # arrays on the client, which would compute them.
                if lazy or (is_basic_key(key) and not _has_negative_step(key)):
                    raise
                result = _advanced_getitem(backend, data, key)
            if type(result) is not type(data) and is_basic_key(key):
                result = _zero_d_view(data, key, result, type(data))
            if emptied is not None:
                result = get_item(result, (*(slice(None),) * emptied, slice(0, 0)))
            if copies:
                result = copy(result, copy=True)
            return array_type(result, x.backend)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, "Array.__getitem__", name) from error

    return handle_view_indexing(getitem, None, backend)


def _zero_d_view(data: Any, key: Any, result: Any, native_class: type) -> Any:
    """``result`` (``data[key]`` for a basic ``key``), or where it is a scalar and not a ``native_class`` (NumPy
    gives one for an integer per axis), the 0-d view that the same key with ``...`` gives."""
    if result.__class__ is not native_class and getattr(result, "shape", None) == ():
        return data[(*key, ...) if key.__class__ is tuple else (key, ...)]
    return result


#: NumPy's words for an index array of another dtype, and for any other value that is no index.
_NOT_INTEGER_INDEX = "arrays used as indices must be of integer (or boolean) type"
_NOT_AN_INDEX = (
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are "
    "valid indices"
)


def _index_list(part: list) -> Any:
    """A list in an index as NumPy reads it: an index array of its shape (nested lists give several axes, ``[]``
    an empty integer index), or the list itself where it holds anything but Python ints and bools."""
    import numpy  # not at import: importing polyarray imports no framework

    array = numpy.asarray(part)
    if array.size == 0:
        return array.astype(numpy.intp)
    if array.dtype.kind in "iub":
        return array
    if array.dtype.kind in "fc":
        raise IndexError(_NOT_INTEGER_INDEX)
    return part


#: Dtype object (any framework's) -> its portable dtype, None where polyarray cannot name it; filled as met.
_PORTABLE: dict[Any, DType | None] = {}


def _portable_or_none(dtype: Any) -> DType | None:
    """The portable dtype of any framework's dtype object (remembered), or None for one polyarray cannot name."""
    try:
        return _PORTABLE[dtype]
    except (KeyError, TypeError):
        pass
    try:
        portable: DType | None = as_dtype(dtype)
    except PolyarrayError:
        portable = None
    if len(_PORTABLE) < 256:
        try:
            _PORTABLE[dtype] = portable
        except TypeError:
            pass  # an unhashable dtype object
    return portable


def _index_kind(part: Any) -> str | None:
    """``"bool"``, ``"int"`` or ``"other"`` for an array in an index; None for anything that is not an array."""
    dtype = getattr(part, "dtype", None)
    if dtype is None or not hasattr(part, "ndim"):
        return None
    portable = _portable_or_none(dtype)
    kind = None if portable is None else portable.kind
    return "bool" if kind == "bool" else "int" if kind in _INTEGER_KINDS else "other"


def checked_key(key: Any, ndim: int) -> Any:
    """``key`` with NumPy's indexing rules checked once for every backend, for an array of ``ndim`` axes.

    A list becomes an index array as NumPy reads it (``x[[[0, 1]]]`` takes rows 0 and 1 as an array of
    shape (1, 2), where PyTorch would read the outer list as a tuple; ``x[[]]`` takes no rows, where JAX and
    TensorFlow refused it). At most one ``...``, index arrays of integers or bools only, and no more indices
    than axes, else ``IndexError`` with NumPy's words (PyTorch took two ellipses and float index arrays,
    TensorFlow raised ``ValueError`` for too many indices).

    >>> import numpy as np
    >>> from polyarray._wrappers.views import checked_key
    >>> checked_key([[0, 1]], 2)
    array([[0, 1]])
    >>> checked_key((0, 0, 0), 2)
    Traceback (most recent call last):
    ...
    IndexError: too many indices for array: array is 2-dimensional, but 3 were indexed
    """
    is_tuple = key.__class__ is tuple
    parts = key if is_tuple else (key,)
    changed = False
    ellipses = indexed = 0
    checked = []
    for part in parts:
        if part is Ellipsis:
            ellipses += 1
        elif part is None or part is True or part is False:
            pass  # a new axis (a bool as NumPy reads it: a 0-d mask)
        else:
            if part.__class__ is list:
                converted = _index_list(part)
                changed = changed or converted is not part
                part = converted
            kind = _index_kind(part.data if part.__class__ is Array else part)
            if kind == "other":
                raise IndexError(_NOT_INTEGER_INDEX)
            if kind is None and part.__class__ is not slice and not hasattr(part.__class__, "__index__"):
                raise IndexError(_NOT_AN_INDEX)
            indexed += part.ndim if kind == "bool" else 1
        checked.append(part)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if indexed > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {indexed} were indexed")
    if not changed:
        return key
    return tuple(checked) if is_tuple else checked[0]


def bools_as_new_axis(key: Any, ndim: int) -> tuple[Any, int | None]:
    """``key`` with its Python bools written as NumPy reads them, for an array of ``ndim`` axes, and where the
    bools take every element away, the axis of the result to empty.

    NumPy reads every bool of a key together as one 0-d mask: one new axis, of length 1 where each is True and 0
    otherwise. It is an advanced index, as the key's ints then are: the axis takes the place of the first of them
    where they stand next to each other, else it comes first. The key given back has one ``None`` there instead
    (frameworks read bools each their own way: PyTorch as ``None``, Dask not at all); where the axis has length
    0, the second item is its position in the result, else None. A key without bools, or with index arrays
    (which the framework broadcasts with the mask), is given back as it is.

    >>> from polyarray._wrappers.views import bools_as_new_axis
    >>> bools_as_new_axis((0, slice(None), True), 3)
    ((None, 0, slice(None, None, None)), None)
    >>> bools_as_new_axis((Ellipsis, False), 2)
    ((Ellipsis, None), 2)
    """
    parts: tuple[Any, ...] = key if key.__class__ is tuple else (key,)
    if len(parts) == 1 and parts[0] is not True and parts[0] is not False:
        return key, None
    bools = [at for at, part in enumerate(parts) if part is True or part is False]
    if not bools:
        return key, None
    ints = []
    for at, part in enumerate(parts):
        if part is None or part is Ellipsis or part is True or part is False or part.__class__ is slice:
            continue
        if getattr(part, "ndim", 0) != 0 or not hasattr(part.__class__, "__index__"):
            return key, None  # an index array: the framework broadcasts it with the mask
        ints.append(at)
    advanced = sorted(bools + ints)
    first = advanced[0] if advanced[-1] - advanced[0] + 1 == len(advanced) else 0
    rest = [part for part in parts if part is not True and part is not False]
    rest.insert(first, None)
    if all(parts[at] is True for at in bools):
        return tuple(rest), None
    consumed = sum(1 for part in rest if part is not None and part is not Ellipsis)
    before = rest[:first]
    axis = sum(1 for part in before if part is None or part.__class__ is slice)
    if Ellipsis in before:
        axis += ndim - consumed
    return tuple(rest), axis


def advanced_as_numpy_reads_it(key: Any, ndim: int) -> tuple[Any, tuple[int, ...]]:
    """``key``, holding an index array of one or more axes, written so that every framework selects what NumPy
    selects, for an array of ``ndim`` axes; and the axes of length 1 to add to the array first, in turn.

    Beside an index array, NumPy reads a key's ints and bools as advanced indices too, broadcast with the arrays
    (an int as shape (), a bool as (1,) or (0,)): where the advanced indices stand next to each other, their
    broadcast axes take their place, else they come first. PyTorch reads an int there as a basic index, and JAX
    a bool its own way. So an int (a Python or NumPy integer) becomes an index array of one item, which
    broadcasts alike with an array of one or more axes; a bool becomes an index array of one item (True) or
    none (False) into a new axis of length 1 added to the array where the bool stands. A key without such an
    array is given back as it is, with no axes to add.

    >>> import numpy as np
    >>> from polyarray._wrappers.views import advanced_as_numpy_reads_it
    >>> key, added = advanced_as_numpy_reads_it((0, slice(None), np.array([1, 0]), True), 3)
    >>> [part.tolist() if hasattr(part, "tolist") else part for part in key], added
    ([[0], slice(None, None, None), [1, 0], [0]], (3,))
    """
    if key.__class__ is not tuple or len(key) < 2:
        return key, ()  # one part: nothing beside it
    parts = key
    arrays = others = False
    for part in parts:
        if part is not None and part is not Ellipsis and part.__class__ is not slice:
            if _index_array_rank(part):
                arrays = True
            else:
                others = True
    if not (arrays and others):
        return key, ()  # no index array, or nothing beside the arrays but slices, None and ...
    import numpy  # not at import: importing polyarray imports no framework

    # The axes of the array the key indexes (the bools' axes are added to it, each taken by its bool).
    consumed = sum(
        _axes_taken(part) for part in parts if not (part is None or part is Ellipsis or part is True or part is False)
    )
    written: list[Any] = []
    added: list[int] = []
    axis = 0
    for part in parts:
        if part is None:
            written.append(part)
        elif part is Ellipsis:
            written.append(part)
            axis += ndim - consumed
        elif part is True or part is False:
            added.append(axis)
            written.append(numpy.zeros(1 if part else 0, dtype=numpy.intp))
            axis += 1
        elif isinstance(part, numbers.Integral) or (isinstance(part, numpy.ndarray) and part.ndim == 0):
            written.append(numpy.full(1, int(part), dtype=numpy.intp))
            axis += 1
        else:
            written.append(part)
            axis += _axes_taken(part)
    return tuple(written), tuple(added)


def _axes_taken(part: Any) -> int:
    """How many axes of the array ``part`` of a key (an int, a slice or an index array) indexes: a mask's rank,
    else one."""
    rank = _index_array_rank(part)
    if rank and _index_kind(part.data if part.__class__ is Array else part) == "bool":
        return rank
    return 1


def _index_array_rank(part: Any) -> int:
    """How many axes ``part`` of a key has, as an index array (0 for anything else: an int, a slice …)."""
    if part is None or part is Ellipsis or part.__class__ is slice or isinstance(part, (bool, numbers.Integral)):
        return 0
    return len(getattr(part, "shape", ()))


def _check_fits(value: Any, shape: tuple[int | None, ...]) -> None:
    """Raise NumPy's ``ValueError`` where ``value`` (a number, a nest or an array) cannot be stored into
    ``shape``: its shape, leading axes of length 1 left out, does not broadcast to it (an unknown size, None,
    takes any)."""
    import numpy  # not at import: importing polyarray imports no framework

    given = tuple(value.shape) if hasattr(value, "shape") else numpy.shape(value)
    trimmed = given
    while trimmed and trimmed[0] == 1:
        trimmed = trimmed[1:]
    if len(trimmed) > len(shape) or any(
        a != 1 and b is not None and a != b for a, b in zip(reversed(trimmed), reversed(shape))
    ):
        raise ValueError(f"could not broadcast input array from shape {given} into shape {shape}")


def _is_plain_basic(key: Any) -> bool:
    """Whether ``key`` is made of plain ints, slices, ``None`` and ``...`` only (no arrays, no NumPy integers)."""
    cls = key.__class__
    if cls is int or cls is slice:
        return True
    if cls is not tuple:
        return False
    ellipses = 0
    for part in key:
        part_class = part.__class__
        # Comparisons, not a set of the classes: PyTorch's compiler guards set membership of a class wrongly.
        if part is Ellipsis:
            ellipses += 1
        elif not (part_class is int or part_class is slice or part is None):
            return False
    return ellipses < 2  # two: checked_key raises NumPy's error (PyTorch would take them)


def _has_negative_step(key: Any) -> bool:
    """Whether ``key`` holds a slice with a negative step (PyTorch's tensors take none)."""
    for part in key if type(key) is tuple else (key,):
        if type(part) is slice and part.step is not None and part.step < 0:
            return True
    return False


def _advanced_getitem(backend: Backend, data: Any, key: Any) -> Any:
    """``data[key]`` for a key the framework's indexing refuses, through the backend's ``take``.

    For frameworks whose arrays take basic indices only (TensorFlow's
    ``Tensor.__getitem__``), and for slices with a negative step (PyTorch's):
    NumPy works out which elements the key selects, by indexing the positions
    ``0 … size-1``, and the backend gathers them (into a new array, not a view).
    Never used for a lazy backend, whose ``get_item`` hook takes every index
    itself (Dask's gathers through positions computed on the cluster).
    """
    import numpy  # not at import: importing polyarray imports no framework

    raw = backend.raw

    def as_numpy(part: Any) -> Any:
        if isinstance(part, backend.native_array_types):
            return numpy.asarray(raw.to_numpy(part))
        return numpy.asarray(part) if isinstance(part, list) else part

    numpy_key = tuple(as_numpy(part) for part in key) if type(key) is tuple else as_numpy(key)
    shape = tuple(data.shape)
    positions = numpy.arange(math.prod(shape), dtype=numpy.int64).reshape(shape)[numpy_key]
    flat = raw.take(raw.reshape(data, (-1,)), raw.asarray(positions.reshape(-1)), axis=0)
    return raw.reshape(flat, positions.shape)


_INTEGER_KINDS = frozenset({"signed integer", "unsigned integer"})
#: The kinds of array a complex value may be stored into, as ``pa.astype`` casts complex arrays.
_TAKES_COMPLEX = frozenset({"complex floating", "bool"})


def stored_integer(value: int | float, dtype: str, *, backend: str) -> int:
    """The Python number ``value`` as ``x[key] = value`` stores it in an array of the integer dtype ``dtype``,
    as NumPy stores it on every backend: a float truncated toward zero, then the integer, which must fit the
    dtype (frameworks would wrap it around or refuse it each their own way).

    >>> from polyarray._wrappers.views import stored_integer
    >>> stored_integer(-0.5, "uint8", backend="numpy"), stored_integer(200, "uint8", backend="numpy")
    (0, 200)
    """
    low, high = (int(bound) for bound in SCALAR_BOUNDS[dtype])
    where = f"pa.Array.__setitem__ on the {backend} backend"
    try:
        number = int(value)
    except ValueError:
        raise PolyarrayValueError(
            f"{where}: x[key] = {value!r}: NaN cannot be stored in an array of dtype {dtype}, which has no NaN; "
            f"store an integer, or cast x to a floating dtype first with pa.astype."
        ) from None
    except OverflowError:
        raise PolyarrayOverflowError(
            f"{where}: x[key] = {value!r}: an infinity cannot be stored in an array of dtype {dtype}; "
            f"store an integer from {low} to {high}, or cast x to a floating dtype first with pa.astype."
        ) from None
    if not low <= number <= high:
        truncated = f" (the float {value!r} truncated toward zero)" if value.__class__ is float else ""
        raise PolyarrayOverflowError(
            f"{where}: x[key] = {value!r}: {number}{truncated} is out of range for {dtype} ({low} to {high}); "
            f"store a value in range, or cast x to a wider dtype first with pa.astype."
        )
    return number


def make_setitem(backend: Backend) -> Callable[[Array, Any, Any], None]:
    """``Array.__setitem__`` for arrays of ``backend``, through its ``set_item`` hook.

    Mutable backends update the data in place (native views see it); on
    immutable ones the new data goes through :func:`assign`, so the base and
    the other views of a view see the write. What is stored is checked here
    once for every backend: a Python number into an integer array as
    :func:`stored_integer` says, a complex array only into a complex (or
    bool) array, as ``pa.astype`` casts, and no value that is not numeric data
    (None, a string …: ``dtype.check_data``), which NumPy would store as NaN or
    parse.
    """
    array_type = Array
    set_item, expand_dims, squeeze = backend.raw.set_item, backend.raw.expand_dims, backend.raw.squeeze
    name = backend.name
    portable = backend.portable_dtype
    native_type = direct_index_type(backend)
    # The portable dtype of each native dtype of x met (the backend's own reading of its dtypes).
    targets: dict[Any, DType] = {}

    def target_of(native_dtype: Any) -> DType:
        dtype = targets.get(native_dtype)
        if dtype is None:
            dtype = targets[native_dtype] = portable(native_dtype)
        return dtype

    def setitem(x: Array, key: Any, value: Any) -> None:
        data = x.data
        cls = value.__class__
        if cls is array_type:
            value = value.data
            cls = value.__class__
        if cls is int or cls is float:
            target = target_of(data.dtype)
            if target.kind in _INTEGER_KINDS:
                value = stored_integer(value, target.name, backend=name)
        elif cls is not bool and cls is not complex:
            value_dtype = getattr(value, "dtype", None)
            stored = None if value_dtype is None else _portable_or_none(value_dtype)
            if stored is None:  # Python data, or an array of a dtype polyarray does not name
                check_data(value, "Array.__setitem__", name, "the value stored")
            elif stored.kind == "complex floating":
                target = target_of(data.dtype)
                if target.kind not in _TAKES_COMPLEX:
                    raise PolyarrayTypeError(
                        f"pa.Array.__setitem__ on the {name} backend: a complex value is not stored in an array "
                        f"of dtype {target.name}: store its real or imaginary part (pa.real, pa.imag), or cast "
                        f"x to a complex dtype first with pa.astype."
                    )
        try:
            # A plain key, or one array of the framework (an index array, a mask), its own indexing checks as
            # NumPy does.
            if native_type is None or not (
                _is_plain_basic(key)
                or key.__class__ is native_type
                or (key.__class__ is array_type and key.data.__class__ is native_type)
            ):
                checked = checked_key(key, x.ndim)
                key, emptied = bools_as_new_axis(checked, x.ndim)
                if emptied is not None:
                    # The bools select nothing: nothing is written, where the value fits what they select.
                    _check_fits(value, tuple(x[checked].shape))
                    return
                key, added = advanced_as_numpy_reads_it(key, x.ndim)
                if added:
                    # Written through the array with the bools' axes added (a view, on a mutable backend).
                    target = data
                    for axis in added:
                        target = expand_dims(target, axis=axis)
                    written = set_item(target, native_key(key), value)
                    updated = data if written is target else squeeze(written, axis=added)
                    if updated is not data:
                        assign(x, updated)
                    return
            updated = set_item(data, native_key(key), value)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, "Array.__setitem__", name) from error
        if updated is not data:
            assign(x, updated)

    return setitem


# -- the wrappers ---------------------------------------------------------------------------


@wrapper
def handle_view_indexing(
    function: Callable[..., Any], decl: Declaration | None, backend: Backend
) -> Callable[..., Any]:
    """Make basic indexing ``function(x, key)`` of a ``pa.Array`` return a view of it.

    Mutable backends: ``function`` unchanged (indexing views are native).
    Immutable backends: when ``x`` and the result are ``pa.Array`` and ``key``
    is basic, the result records ``x`` as its base and ``key`` as the step.
    ``Array.__getitem__`` uses it (see :func:`make_getitem`).
    """
    if backend.mutable_arrays:
        return function
    array_type = Array
    getitem = operator.getitem

    def indexing(x: Any, key: Any, *args: Any, **kwargs: Any) -> Any:
        result = function(x, key, *args, **kwargs)
        if type(x) is array_type and type(result) is array_type and is_basic_key(key):
            record(result, x, (getitem, (native_key(key),), {}, None))
        return result

    return indexing


@wrapper
def handle_view(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Make the results of view functions (``reshape``, ``permute_dims`` …) views of their input.

    Mutable backends: ``function`` unchanged (the framework's own views).
    Immutable backends: when the first argument is a ``pa.Array`` and a
    result is one (``copy=True`` asks for a copy), the result records it as
    its base and the backend's raw function with the other arguments as the
    step, so writes to either are seen by the other. A result is a
    ``pa.Array`` only where this wrapper runs outside
    ``outputs_to_polyarray_arrays``; inside it, it sees native values and
    records nothing.
    """
    if backend.mutable_arrays or decl.name in UNTRACKED:
        return function
    array_type = Array
    raw = getattr(backend.raw, decl.namespace) if decl.namespace else backend.raw
    raw_function = getattr(raw, decl.name)
    has_copy = "copy" in decl.signature.parameters
    added = wrapper_parameter_names()

    def native(value: Any) -> Any:
        return value.data if type(value) is array_type else value

    def viewing(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        if args and type(args[0]) is array_type and not (has_copy and kwargs.get("copy")):
            rest = tuple(native(a) for a in args[1:])
            options = {k: native(v) for k, v in kwargs.items() if k not in added}
            if type(result) is array_type:
                record(result, args[0], (raw_function, rest, options, None))
            elif isinstance(result, (tuple, list)):
                for index, item in enumerate(result):
                    if type(item) is array_type:
                        record(item, args[0], (raw_function, rest, options, index))
        return result

    return viewing
