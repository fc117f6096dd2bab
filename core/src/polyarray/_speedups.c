/*
 * polyarray._speedups: the two hottest paths of a call, compiled.
 *
 * FastFunction is a backend function (pa.get_backend(name).add): it checks the
 * conditions of the generated fast path (see _wrappers/fusion.py) and calls the
 * implementation, or the framework itself, directly; every other call goes to
 * the generated Python function it was made from (`fallback`), so behaviour is
 * that function's in every case.
 *
 * Dispatcher is a public function (pa.add): it picks the backend as the
 * generated Python dispatcher does (the context's stack, then the first
 * argument's type) and calls that backend's function; calls with backend=, or
 * whose backend must be inferred otherwise, go to the Python dispatcher.
 *
 * Both read polyarray's settings from a Settings struct, which is the object
 * Python reads and writes them through (polyarray._config.settings), so nothing
 * has to be kept in step. The module is optional: without it (or with
 * POLYARRAY_PURE_PYTHON=1) the generated Python functions are used as they are.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <structmember.h>

#define MAX_POSITIONAL 8
#define MAX_KEYWORDS 16

/* -- Settings: polyarray._config.settings ------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    char array_mode;      /* functions return pa.Array (else native arrays) */
    char dynamic_backend; /* the dynamic_backend flag of new arrays */
    char nan_checking;    /* a NaN policy other than "nothing" is set */
    Py_ssize_t dynamic_limit; /* the length at which the registry of dynamic arrays is pruned */
} Settings;

static PyObject *
settings_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "Settings() takes no arguments");
        return NULL;
    }
    Settings *self = (Settings *)type->tp_alloc(type, 0);
    if (self != NULL) {
        self->array_mode = 1;
        self->dynamic_backend = 1;
        self->dynamic_limit = 1024;
    }
    return (PyObject *)self;
}

static PyMemberDef settings_members[] = {
    {"array_mode", T_BOOL, offsetof(Settings, array_mode), 0, "Whether functions return pa.Array."},
    {"dynamic_backend", T_BOOL, offsetof(Settings, dynamic_backend), 0, "The flag of new arrays and Containers."},
    {"nan_checking", T_BOOL, offsetof(Settings, nan_checking), 0, "Whether a NaN policy is set."},
    {"dynamic_limit", T_PYSSIZET, offsetof(Settings, dynamic_limit), 0,
     "The registry length at which _dynamic.track prunes it (the fast path appends below it)."},
    {NULL},
};

static PyTypeObject SettingsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "polyarray._speedups.Settings",
    .tp_basicsize = sizeof(Settings),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "polyarray's process-wide settings, read by the compiled fast paths directly.",
    .tp_members = settings_members,
    .tp_new = settings_new,
};

/* -- what configure() hands over ------------------------------------------------------- */

static Settings *settings = NULL;      /* polyarray._config.settings */
static PyObject *handler_dict = NULL;  /* polyarray._handler.__dict__: process_stack, implicit */
static PyObject *stack_var = NULL;     /* the ContextVar holding the backend stack */
static PyObject *unset = NULL;         /* the marker of a context that never set a stack */
static PyObject *type_owner = NULL;    /* dict: type -> Backend (None: not an array type) */
static PyTypeObject *array_type = NULL; /* pa.Array */
static PyObject *polyarray_error = NULL;
static PyObject *track = NULL;         /* _dynamic.track */
static PyObject *registry = NULL;      /* _dynamic._arrays: weak references to the dynamic arrays */
static Py_ssize_t dynamic_offset = -1; /* the slot pa.Array._dynamic */
static Py_ssize_t data_offset = -1;    /* the slots pa.Array.data and pa.Array.backend */
static Py_ssize_t backend_offset = -1;

static PyObject *s_dtype, *s_functions, *s_process_stack, *s_implicit, *s_backend;

#define SLOT(object, offset) (*(PyObject **)((char *)(object) + (offset)))

static int
configured(void)
{
    if (settings == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "polyarray._speedups is used before configure()");
        return 0;
    }
    return 1;
}

static Py_ssize_t
slot_offset(PyObject *cls, const char *name)
{
    PyObject *descriptor = PyObject_GetAttrString(cls, name);
    if (descriptor == NULL) {
        return -1;
    }
    if (!PyObject_TypeCheck(descriptor, &PyMemberDescr_Type)) {
        Py_DECREF(descriptor);
        PyErr_Format(PyExc_TypeError, "pa.Array.%s is not a slot", name);
        return -1;
    }
    Py_ssize_t offset = ((PyMemberDescrObject *)descriptor)->d_member->offset;
    Py_DECREF(descriptor);
    return offset;
}

static PyObject *
configure(PyObject *module, PyObject *args)
{
    PyObject *given_settings, *handler, *array, *error, *tracker, *refs = NULL;
    if (!PyArg_ParseTuple(args, "O!OOOO|O!:configure", &SettingsType, &given_settings, &handler, &array, &error,
                          &tracker, &PyList_Type, &refs)) {
        return NULL;
    }
    if (!PyType_Check(array)) {
        PyErr_SetString(PyExc_TypeError, "configure: the third argument must be pa.Array");
        return NULL;
    }
    Py_ssize_t data = slot_offset(array, "data");
    Py_ssize_t backend = slot_offset(array, "backend");
    Py_ssize_t dynamic = refs == NULL ? -1 : slot_offset(array, "_dynamic");
    if (data < 0 || backend < 0 || (refs != NULL && dynamic < 0)) {
        return NULL;
    }
    PyObject *hdict = PyModule_GetDict(handler);
    if (hdict == NULL) {
        return NULL;
    }
    PyObject *stack = PyDict_GetItemString(hdict, "STACK");
    PyObject *marker = PyDict_GetItemString(hdict, "UNSET");
    PyObject *owners = PyDict_GetItemString(hdict, "_type_owner");
    if (stack == NULL || marker == NULL || owners == NULL || !PyDict_Check(owners)) {
        PyErr_SetString(PyExc_TypeError, "configure: polyarray._handler lacks STACK, UNSET or _type_owner");
        return NULL;
    }
    Py_XSETREF(settings, (Settings *)Py_NewRef(given_settings));
    Py_XSETREF(handler_dict, Py_NewRef(hdict));
    Py_XSETREF(stack_var, Py_NewRef(stack));
    Py_XSETREF(unset, Py_NewRef(marker));
    Py_XSETREF(type_owner, Py_NewRef(owners));
    Py_XSETREF(array_type, (PyTypeObject *)Py_NewRef(array));
    Py_XSETREF(polyarray_error, Py_NewRef(error));
    Py_XSETREF(track, Py_NewRef(tracker));
    Py_XSETREF(registry, Py_XNewRef(refs));
    dynamic_offset = dynamic;
    data_offset = data;
    backend_offset = backend;
    Py_RETURN_NONE;
}

/* -- shared by both types: a __dict__, and attributes read through to the fallback -------- */

static PyObject *
getattr_or_fallback(PyObject *self, PyObject *name, PyObject *fallback)
{
    PyObject *value = PyObject_GenericGetAttr(self, name);
    if (value != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError)) {
        return value;
    }
    PyErr_Clear();
    return PyObject_GetAttr(fallback, name);
}

/* -- FastFunction ------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *fallback;        /* the generated Python function: every call the fast path does not take */
    PyObject *impl;            /* the implementation (or the framework's callable it forwards to) */
    PyObject *native;          /* the framework's callable for native_dtypes, or NULL */
    PyObject *native_dtypes;   /* a frozenset, or NULL */
    PyTypeObject *native_type; /* the backend's native array class */
    getter dtype_getter;       /* its dtype's getset getter (NULL: read it with getattr) */
    void *dtype_closure;
    PyObject *backend;         /* the Backend whose pa.Array arguments are unwrapped */
    PyObject *translate;       /* translate_exception, or NULL where exceptions pass unchanged */
    PyObject *qualname;
    PyObject *backend_name;
    PyObject *finish;          /* for results that are not one native array, or NULL */
    PyTypeObject *shape_type;  /* pa.Shape, or NULL where no parameter is a shape */
    PyObject *constants;       /* positional values given to the implementation, then keyword values */
    PyObject *kwnames;         /* keyword names for the implementation, or NULL */
    Py_ssize_t nargs;          /* the number of required positional parameters */
    Py_ssize_t npositional;    /* the implementation's positional arguments */
    int arrays[MAX_POSITIONAL], narrays;
    int dtype_source;                        /* the argument whose dtype is read, or -1 */
    int promoted[MAX_POSITIONAL], npromoted; /* operands whose dtype must be dtype_source's */
    int shapes[MAX_POSITIONAL], nshapes;
    int ints[MAX_POSITIONAL], nints;         /* integer arguments: an exact int or a tuple of exact ints */
    int int_minimums[MAX_POSITIONAL];        /* the smallest value each may hold (INT_MIN: any) */
    int sources[MAX_POSITIONAL];             /* per implementation positional: a parameter index, or -1 */
    int passthrough;           /* the implementation takes exactly the arguments, in order */
    int unwrap_arrays;         /* pa.Array arguments of the backend take the fast path too */
    int check_nans;
    int wrap;                  /* 0: return the result; 1: pa.Array in array mode; 2: finish(result) */
} FastFunction;

static int
fast_traverse(FastFunction *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    Py_VISIT(self->fallback);
    Py_VISIT(self->impl);
    Py_VISIT(self->native);
    Py_VISIT(self->native_dtypes);
    Py_VISIT(self->native_type);
    Py_VISIT(self->backend);
    Py_VISIT(self->translate);
    Py_VISIT(self->qualname);
    Py_VISIT(self->backend_name);
    Py_VISIT(self->finish);
    Py_VISIT(self->shape_type);
    Py_VISIT(self->constants);
    Py_VISIT(self->kwnames);
    return 0;
}

static int
fast_clear(FastFunction *self)
{
    Py_CLEAR(self->dict);
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->impl);
    Py_CLEAR(self->native);
    Py_CLEAR(self->native_dtypes);
    Py_CLEAR(self->native_type);
    Py_CLEAR(self->backend);
    Py_CLEAR(self->translate);
    Py_CLEAR(self->qualname);
    Py_CLEAR(self->backend_name);
    Py_CLEAR(self->finish);
    Py_CLEAR(self->shape_type);
    Py_CLEAR(self->constants);
    Py_CLEAR(self->kwnames);
    return 0;
}

static void
fast_dealloc(FastFunction *self)
{
    PyObject_GC_UnTrack(self);
    fast_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The dtype of a native array (a new reference). */
static inline PyObject *
dtype_of(FastFunction *self, PyObject *array)
{
    return self->dtype_getter != NULL ? self->dtype_getter(array, self->dtype_closure)
                                      : PyObject_GetAttr(array, s_dtype);
}

/* Whether value is an exact int, or a tuple of exact ints, each at least minimum (bool is not an int here). */
static int
exact_ints(PyObject *value, int minimum)
{
    if (PyLong_CheckExact(value)) {
        if (minimum == INT_MIN) {
            return 1;
        }
        int overflow;
        long number = PyLong_AsLongAndOverflow(value, &overflow);
        return overflow > 0 || (overflow == 0 && number >= minimum);
    }
    if (!PyTuple_CheckExact(value)) {
        return 0;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(value); j++) {
        PyObject *item = PyTuple_GET_ITEM(value, j);
        if (!PyLong_CheckExact(item) || !exact_ints(item, minimum)) {
            return 0;
        }
    }
    return 1;
}

/* Raise translate(error, qualname, backend_name) from the current exception, as
 * `except Exception as e: raise translate(e, ...) from e` does; PolyarrayErrors
 * and BaseExceptions pass unchanged. */
static PyObject *
raise_translated(FastFunction *self)
{
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    if (value == NULL) {
        PyErr_Restore(type, value, traceback);
        return NULL;
    }
    if (traceback != NULL) {
        PyException_SetTraceback(value, traceback);
    }
    int passes = !PyObject_TypeCheck(value, (PyTypeObject *)PyExc_Exception);
    if (!passes) {
        passes = PyObject_IsInstance(value, polyarray_error);
        if (passes < 0) {
            PyErr_Clear();
            passes = 1;
        }
    }
    if (passes) {
        PyErr_Restore(type, value, traceback);
        return NULL;
    }
    PyObject *translated = PyObject_CallFunctionObjArgs(self->translate, value, self->qualname,
                                                        self->backend_name, NULL);
    Py_XDECREF(type);
    Py_XDECREF(traceback);
    if (translated == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    PyException_SetContext(translated, Py_NewRef(value));
    PyException_SetCause(translated, value); /* steals the reference */
    PyErr_SetObject((PyObject *)Py_TYPE(translated), translated);
    Py_DECREF(translated);
    return NULL;
}

static PyObject *
finish_result(FastFunction *self, PyObject *result)
{
    if (self->wrap == 0) {
        return result;
    }
    if (self->wrap == 2) {
        PyObject *finished = PyObject_CallOneArg(self->finish, result);
        Py_DECREF(result);
        return finished;
    }
    if (!settings->array_mode) {
        return result;
    }
    if (Py_TYPE(result) != self->native_type) {
        PyObject *finished = PyObject_CallOneArg(self->finish, result);
        Py_DECREF(result);
        return finished;
    }
    PyObject *array = array_type->tp_alloc(array_type, 0);
    if (array == NULL) {
        Py_DECREF(result);
        return NULL;
    }
    SLOT(array, data_offset) = result; /* steals the reference */
    SLOT(array, backend_offset) = Py_NewRef(self->backend);
    if (settings->dynamic_backend && registry != NULL && PyList_GET_SIZE(registry) < settings->dynamic_limit) {
        /* _dynamic.track, inline: the flag set and a weak reference appended (pruning is left to track). */
        SLOT(array, dynamic_offset) = Py_NewRef(Py_True);
        PyObject *ref = PyWeakref_NewRef(array, NULL);
        if (ref == NULL || PyList_Append(registry, ref) < 0) {
            Py_XDECREF(ref);
            Py_DECREF(array);
            return NULL;
        }
        Py_DECREF(ref);
    }
    else if (settings->dynamic_backend) {
        PyObject *done = PyObject_CallOneArg(track, array);
        if (done == NULL) {
            Py_DECREF(array);
            return NULL;
        }
        Py_DECREF(done);
    }
    return array;
}

static PyObject *
fast_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastFunction *self = (FastFunction *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *unwrapped[MAX_POSITIONAL];
    PyObject *call[MAX_POSITIONAL + MAX_KEYWORDS];
    PyObject *const *values = args; /* the arguments, pa.Array ones replaced by their data */
    PyObject *dtype = NULL;
    int i;

    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) || nargs != self->nargs) {
        goto fallback;
    }
    if (self->check_nans && settings->nan_checking) {
        goto fallback;
    }
    /* Every array argument native, or every one a pa.Array of this backend. */
    for (i = 0; i < self->narrays; i++) {
        if (Py_TYPE(args[self->arrays[i]]) != self->native_type) {
            break;
        }
    }
    if (i < self->narrays) {
        if (!self->unwrap_arrays) {
            goto fallback;
        }
        for (i = 0; i < nargs; i++) {
            unwrapped[i] = args[i];
        }
        values = unwrapped;
        for (i = 0; i < self->narrays; i++) {
            PyObject *value = args[self->arrays[i]];
            if (Py_TYPE(value) != array_type || SLOT(value, backend_offset) != self->backend) {
                goto fallback;
            }
            PyObject *data = SLOT(value, data_offset);
            if (data == NULL || Py_TYPE(data) != self->native_type) {
                goto fallback;
            }
            unwrapped[self->arrays[i]] = data;
        }
    }
    for (i = 0; i < self->nshapes; i++) {
        if (Py_TYPE(args[self->shapes[i]]) == self->shape_type) {
            goto fallback;
        }
    }
    for (i = 0; i < self->nints; i++) {
        /* What the integer check of the chain lets through unchanged; anything else is the chain's. */
        if (!exact_ints(args[self->ints[i]], self->int_minimums[i])) {
            goto fallback;
        }
    }
    if (self->dtype_source >= 0) {
        dtype = dtype_of(self, values[self->dtype_source]);
        if (dtype == NULL) {
            PyErr_Clear();
            goto fallback;
        }
        for (i = 0; i < self->npromoted; i++) {
            PyObject *other = dtype_of(self, values[self->promoted[i]]);
            if (other == NULL) {
                PyErr_Clear();
                goto fallback;
            }
            Py_DECREF(other); /* the array keeps its dtype alive: only identity is compared */
            if (other != dtype) {
                goto fallback;
            }
        }
    }
    PyObject *target = self->impl;
    if (self->native != NULL) {
        int contains = PySet_Contains(self->native_dtypes, dtype);
        if (contains < 0) {
            Py_DECREF(dtype);
            return NULL;
        }
        if (contains) {
            target = self->native;
        }
    }
    Py_XDECREF(dtype);
    PyObject *result;
    if (self->passthrough) {
        result = PyObject_Vectorcall(target, values, nargs, NULL);
    }
    else {
        Py_ssize_t nkeywords = self->kwnames == NULL ? 0 : PyTuple_GET_SIZE(self->kwnames);
        for (i = 0; i < self->npositional; i++) {
            int source = self->sources[i];
            call[i] = source >= 0 ? values[source] : PyTuple_GET_ITEM(self->constants, i);
        }
        for (i = 0; i < nkeywords; i++) {
            call[self->npositional + i] = PyTuple_GET_ITEM(self->constants, self->npositional + i);
        }
        result = PyObject_Vectorcall(target, call, self->npositional, self->kwnames);
    }
    if (result == NULL) {
        return self->translate == NULL ? NULL : raise_translated(self);
    }
    return finish_result(self, result);

fallback:
    Py_XDECREF(dtype);
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int
int_list(PyObject *sequence, int *out, int *count, const char *what)
{
    PyObject *items = PySequence_Fast(sequence, what);
    if (items == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n > MAX_POSITIONAL) {
        Py_DECREF(items);
        PyErr_Format(PyExc_ValueError, "%s: at most %d entries", what, MAX_POSITIONAL);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        out[i] = (int)value;
    }
    *count = (int)n;
    Py_DECREF(items);
    return 0;
}

static PyObject *
fast_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {
        "fallback", "impl", "native", "native_dtypes", "native_type", "backend", "translate", "qualname",
        "backend_name", "finish", "shape_type", "nargs", "arrays", "dtype_source", "promoted", "shapes",
        "sources", "constants", "kwnames", "unwrap_arrays", "check_nans", "wrap", "ints", "int_minimums", NULL,
    };
    PyObject *fallback, *impl, *native, *native_dtypes, *native_type, *backend, *translate, *qualname;
    PyObject *backend_name, *finish, *shape_type, *arrays, *promoted, *shapes, *sources, *constants, *kwnames;
    PyObject *ints = NULL, *int_minimums = NULL;
    Py_ssize_t nargs;
    int dtype_source, unwrap_arrays, check_nans, wrap;
    if (!configured()) {
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOOOOOnOiOOOOOppi|OO:FastFunction", keywords, &fallback,
                                     &impl, &native, &native_dtypes, &native_type, &backend, &translate,
                                     &qualname, &backend_name, &finish, &shape_type, &nargs, &arrays,
                                     &dtype_source, &promoted, &shapes, &sources, &constants, &kwnames,
                                     &unwrap_arrays, &check_nans, &wrap, &ints, &int_minimums)) {
        return NULL;
    }
    if (!PyType_Check(native_type) || (shape_type != Py_None && !PyType_Check(shape_type)) ||
        !PyTuple_Check(constants) || (kwnames != Py_None && !PyTuple_Check(kwnames)) ||
        (native != Py_None && (!PyAnySet_Check(native_dtypes) || dtype_source < 0)) || nargs > MAX_POSITIONAL ||
        dtype_source >= nargs || wrap < 0 || wrap > 2 || (wrap != 0 && finish == Py_None)) {
        PyErr_SetString(PyExc_TypeError, "FastFunction: inconsistent arguments");
        return NULL;
    }
    FastFunction *self = (FastFunction *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    int npositional = 0;
    if (int_list(arrays, self->arrays, &self->narrays, "arrays") < 0 ||
        int_list(promoted, self->promoted, &self->npromoted, "promoted") < 0 ||
        int_list(shapes, self->shapes, &self->nshapes, "shapes") < 0 ||
        int_list(sources, self->sources, &npositional, "sources") < 0) {
        Py_DECREF(self);
        return NULL;
    }
    int nminimums = 0;
    if (ints != NULL && (int_list(ints, self->ints, &self->nints, "ints") < 0 ||
                         int_list(int_minimums == NULL ? ints : int_minimums, self->int_minimums, &nminimums,
                                  "int_minimums") < 0)) {
        Py_DECREF(self);
        return NULL;
    }
    if (nminimums != self->nints || (ints != NULL && int_minimums == NULL)) {
        Py_DECREF(self);
        PyErr_SetString(PyExc_ValueError, "FastFunction: ints and int_minimums differ in length");
        return NULL;
    }
    for (int i = 0; i < self->nints; i++) {
        if (self->ints[i] < 0 || self->ints[i] >= nargs) {
            Py_DECREF(self);
            PyErr_SetString(PyExc_ValueError, "FastFunction: an integer argument beyond the required arguments");
            return NULL;
        }
    }
    self->npositional = npositional;
    Py_ssize_t nkeywords = kwnames == Py_None ? 0 : PyTuple_GET_SIZE(kwnames);
    if (self->narrays == 0 || nkeywords > MAX_KEYWORDS || PyTuple_GET_SIZE(constants) != npositional + nkeywords) {
        Py_DECREF(self);
        PyErr_SetString(PyExc_ValueError, "FastFunction: no array, or constants that do not fit the call");
        return NULL;
    }
    for (int i = 0; i < self->npromoted + self->narrays + self->nshapes + npositional; i++) {
        int index = i < self->npromoted                     ? self->promoted[i]
                    : i < self->npromoted + self->narrays   ? self->arrays[i - self->npromoted]
                    : i < self->npromoted + self->narrays + self->nshapes
                        ? self->shapes[i - self->npromoted - self->narrays]
                        : self->sources[i - self->npromoted - self->narrays - self->nshapes];
        if (index >= nargs || (index < 0 && i < self->npromoted + self->narrays + self->nshapes)) {
            Py_DECREF(self);
            PyErr_SetString(PyExc_ValueError, "FastFunction: an argument index beyond the required arguments");
            return NULL;
        }
    }
    self->vectorcall = fast_vectorcall;
    self->fallback = Py_NewRef(fallback);
    self->impl = Py_NewRef(impl);
    self->native = native == Py_None ? NULL : Py_NewRef(native);
    self->native_dtypes = native == Py_None ? NULL : Py_NewRef(native_dtypes);
    self->native_type = (PyTypeObject *)Py_NewRef(native_type);
    /* A dtype defined in C (NumPy's, torch's) is read through its getter, skipping attribute lookup.
     * The type keeps the descriptor alive. */
    PyObject *descriptor = _PyType_Lookup(self->native_type, s_dtype);
    if (descriptor != NULL && Py_IS_TYPE(descriptor, &PyGetSetDescr_Type) &&
        ((PyGetSetDescrObject *)descriptor)->d_getset->get != NULL) {
        self->dtype_getter = ((PyGetSetDescrObject *)descriptor)->d_getset->get;
        self->dtype_closure = ((PyGetSetDescrObject *)descriptor)->d_getset->closure;
    }
    self->backend = Py_NewRef(backend);
    self->translate = translate == Py_None ? NULL : Py_NewRef(translate);
    self->qualname = Py_NewRef(qualname);
    self->backend_name = Py_NewRef(backend_name);
    self->finish = finish == Py_None ? NULL : Py_NewRef(finish);
    self->shape_type = shape_type == Py_None ? NULL : (PyTypeObject *)Py_NewRef(shape_type);
    self->constants = Py_NewRef(constants);
    self->kwnames = kwnames == Py_None || nkeywords == 0 ? NULL : Py_NewRef(kwnames);
    self->nargs = nargs;
    self->passthrough = nkeywords == 0 && npositional == nargs;
    for (int i = 0; i < npositional; i++) {
        self->passthrough = self->passthrough && self->sources[i] == i;
    }
    self->dtype_source = dtype_source;
    self->unwrap_arrays = unwrap_arrays;
    self->check_nans = check_nans;
    self->wrap = wrap;
    return (PyObject *)self;
}

static PyObject *
fast_getattro(PyObject *self, PyObject *name)
{
    return getattr_or_fallback(self, name, ((FastFunction *)self)->fallback);
}

static PyMemberDef fast_members[] = {
    {"__wrapped__", T_OBJECT, offsetof(FastFunction, fallback), READONLY, "The generated Python function."},
    {NULL},
};

static PyGetSetDef fast_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict},
    {NULL},
};

static PyTypeObject FastFunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "polyarray._speedups.FastFunction",
    .tp_basicsize = sizeof(FastFunction),
    .tp_dealloc = (destructor)fast_dealloc,
    .tp_vectorcall_offset = offsetof(FastFunction, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = fast_getattro,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A backend function whose common calls are checked and made in C (see polyarray/_speedups.c).",
    .tp_traverse = (traverseproc)fast_traverse,
    .tp_clear = (inquiry)fast_clear,
    .tp_members = fast_members,
    .tp_getset = fast_getset,
    .tp_dictoffset = offsetof(FastFunction, dict),
    .tp_new = fast_new,
};

/* -- Dispatcher --------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *qualname;
    PyObject *fallback;       /* the generated Python dispatcher */
    PyObject *last_backend;   /* the backend of the last call, and its function */
    PyObject *last_function;
    int infer_first;          /* whether the first argument may say the backend */
} Dispatcher;

static int
dispatcher_traverse(Dispatcher *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    Py_VISIT(self->qualname);
    Py_VISIT(self->fallback);
    Py_VISIT(self->last_backend);
    Py_VISIT(self->last_function);
    return 0;
}

static int
dispatcher_clear(Dispatcher *self)
{
    Py_CLEAR(self->dict);
    Py_CLEAR(self->qualname);
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->last_backend);
    Py_CLEAR(self->last_function);
    return 0;
}

static void
dispatcher_dealloc(Dispatcher *self)
{
    PyObject_GC_UnTrack(self);
    dispatcher_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The backend's function for this declaration (a new reference). */
static PyObject *
function_of(Dispatcher *self, PyObject *backend)
{
    if (backend == self->last_backend) {
        return Py_NewRef(self->last_function);
    }
    PyObject *functions = PyObject_GetAttr(backend, s_functions);
    if (functions == NULL) {
        return NULL;
    }
    PyObject *function = PyObject_GetItem(functions, self->qualname);
    Py_DECREF(functions);
    if (function == NULL) {
        return NULL;
    }
    Py_XSETREF(self->last_backend, Py_NewRef(backend));
    Py_XSETREF(self->last_function, Py_NewRef(function));
    return function;
}

static PyObject *
dispatcher_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Dispatcher *self = (Dispatcher *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *stack = NULL, *backend = NULL;

    if (kwnames != NULL) {
        Py_ssize_t n = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, i);
            if (name == s_backend || PyUnicode_Compare(name, s_backend) == 0) {
                goto fallback;
            }
        }
    }
    if (PyContextVar_Get(stack_var, unset, &stack) < 0) {
        return NULL;
    }
    if (stack == unset) {
        Py_DECREF(stack);
        stack = PyDict_GetItemWithError(handler_dict, s_process_stack);
        if (stack == NULL) {
            if (PyErr_Occurred()) {
                return NULL;
            }
            goto fallback;
        }
        Py_INCREF(stack);
    }
    if (PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) != 0) {
        backend = Py_NewRef(PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1));
    }
    Py_CLEAR(stack);
    if (backend == NULL) {
        if (!self->infer_first || nargs == 0) {
            goto fallback;
        }
        PyObject *first = args[0];
        if (Py_TYPE(first) == array_type) {
            backend = SLOT(first, backend_offset);
            if (backend == NULL) {
                goto fallback;
            }
            Py_INCREF(backend);
        }
        else {
            backend = PyDict_GetItemWithError(type_owner, (PyObject *)Py_TYPE(first));
            if (backend == NULL || backend == Py_None) {
                if (PyErr_Occurred()) {
                    return NULL;
                }
                backend = NULL;
                goto fallback; /* a type met for the first time, or not an array: Python infers */
            }
            Py_INCREF(backend);
            PyObject *implicit = PyDict_GetItemWithError(handler_dict, s_implicit);
            if (implicit != backend) {
                if ((implicit == NULL && PyErr_Occurred()) ||
                    PyDict_SetItem(handler_dict, s_implicit, backend) < 0) {
                    Py_DECREF(backend);
                    return NULL;
                }
            }
        }
    }
    PyObject *function = function_of(self, backend);
    Py_DECREF(backend);
    if (function == NULL) {
        return NULL;
    }
    PyObject *result = PyObject_Vectorcall(function, args, nargsf, kwnames);
    Py_DECREF(function);
    return result;

fallback:
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject *
dispatcher_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"qualname", "fallback", "infer_first", NULL};
    PyObject *qualname, *fallback;
    int infer_first;
    if (!configured()) {
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UOp:Dispatcher", keywords, &qualname, &fallback, &infer_first)) {
        return NULL;
    }
    Dispatcher *self = (Dispatcher *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->vectorcall = dispatcher_vectorcall;
    self->qualname = Py_NewRef(qualname);
    self->fallback = Py_NewRef(fallback);
    self->infer_first = infer_first;
    return (PyObject *)self;
}

static PyObject *
dispatcher_getattro(PyObject *self, PyObject *name)
{
    return getattr_or_fallback(self, name, ((Dispatcher *)self)->fallback);
}

static PyObject *
dispatcher_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    /* Pickled by reference, as functions are: the name it is found under in its module. */
    return PyObject_GetAttrString(self, "__name__");
}

static PyMethodDef dispatcher_methods[] = {
    {"__reduce__", dispatcher_reduce, METH_NOARGS, NULL},
    {NULL},
};

static PyTypeObject DispatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "polyarray._speedups.Dispatcher",
    .tp_basicsize = sizeof(Dispatcher),
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_vectorcall_offset = offsetof(Dispatcher, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = dispatcher_getattro,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A public polyarray function whose common calls pick their backend in C (see polyarray/_speedups.c).",
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_methods = dispatcher_methods,
    .tp_getset = fast_getset,
    .tp_dictoffset = offsetof(Dispatcher, dict),
    .tp_new = dispatcher_new,
};

/* -- the module --------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(settings, handler, Array, PolyarrayError, track[, registry]): where polyarray keeps what the fast "
     "paths read; called once, when the first fast path is made."},
    {NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "polyarray._speedups",
    .m_doc = "The compiled fast paths of polyarray's backend functions and dispatchers (optional).",
    .m_size = -1,
    .m_methods = module_methods,
};

static int
intern(PyObject **target, const char *text)
{
    *target = PyUnicode_InternFromString(text);
    return *target == NULL ? -1 : 0;
}

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (intern(&s_dtype, "dtype") < 0 || intern(&s_functions, "functions") < 0 ||
        intern(&s_process_stack, "process_stack") < 0 || intern(&s_implicit, "implicit") < 0 ||
        intern(&s_backend, "backend") < 0) {
        return NULL;
    }
    if (PyType_Ready(&SettingsType) < 0 || PyType_Ready(&FastFunctionType) < 0 || PyType_Ready(&DispatcherType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&speedups_module);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddObject(module, "Settings", Py_NewRef(&SettingsType)) < 0 ||
        PyModule_AddObject(module, "FastFunction", Py_NewRef(&FastFunctionType)) < 0 ||
        PyModule_AddObject(module, "Dispatcher", Py_NewRef(&DispatcherType)) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
