/*
 * polyarray._speedups: the two hottest paths of a call, compiled (optional).
 *
 * FastFunction accelerates a backend function's Python fast path
 * (polyarray/_fastpath.py): it reads the same FastPlan, checks a call
 * against it exactly as the Python closure does, and makes the call it
 * allows; every other call goes to the Python function it was made from
 * (`python`), unchanged. So the plan is the one description of the fast
 * path, and the wrapper chain behind the Python function the one definition
 * of behaviour.
 *
 * Dispatcher accelerates a public function (polyarray/_dispatch.py): it takes
 * the common cases of polyarray._choice.choose_backend -- no backend=, the
 * backend set for the context, or the arguments' types all already seen (the
 * first array's backend, else the implicit one) -- and hands every other call
 * to the Python dispatcher.
 *
 * Everything read is handed over explicitly (configure(), the plan): no
 * module's globals are read by name. Only CPython's public C API is used.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <structmember.h>

#define MAX_POSITIONAL 12
#define MAX_KEYWORDS 16

/* What a parameter other than a required array accepts (the codes of _fastpath.py). */
enum { PASS = 0, AT_DEFAULT = 1, NONE_ONLY = 2, INTEGER = 3, NOT_SHAPE = 4, CHAIN = 5, DTYPE = 6, VALUE = 7 };

/* -- Settings: polyarray._config.settings ------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    char array_mode;      /* functions return pa.Array (else native arrays) */
    char dynamic_backend; /* the dynamic_backend flag of new arrays */
    char nan_checking;    /* a NaN policy other than "nothing" is set */
    char registering;     /* new dynamic arrays are registered (from the first dynamic switch on) */
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
    {"registering", T_BOOL, offsetof(Settings, registering), 0,
     "Whether new dynamic arrays are registered (from the first dynamic switch on)."},
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

static Settings *settings = NULL;       /* polyarray._config.settings */
static PyObject *state = NULL;          /* polyarray._handler.state: process_stack, implicit */
static PyObject *stack_var = NULL;      /* the ContextVar holding this context's backend stack */
static PyObject *unset = NULL;          /* the marker of a context that never set a stack */
static PyObject *type_owner = NULL;     /* dict: type -> Backend (None: not an array type) */
static PyTypeObject *array_type = NULL; /* pa.Array */
static PyTypeObject *shape_type = NULL; /* pa.Shape */
static PyObject *polyarray_error = NULL;
static PyObject *track = NULL;          /* _dynamic.track */
static PyObject *registry = NULL;       /* _dynamic's list of weak references to dynamic arrays */
static Py_ssize_t dynamic_offset = -1;  /* the slots pa.Array._dynamic, .data, .backend */
static Py_ssize_t data_offset = -1;
static Py_ssize_t backend_offset = -1;
static Py_ssize_t stack_offset = -1;    /* the slots HandlerState.process_stack, .implicit */
static PyTypeObject *backend_type = NULL; /* polyarray's Backend, and its slots .functions, .operators */
static Py_ssize_t functions_offset = -1;
static Py_ssize_t operators_offset = -1;
static Py_ssize_t inplace_offset = -1;      /* the slot Backend.inplace */
static Py_ssize_t index_type_offset = -1; /* the slot Backend.direct_index_type */
static Py_ssize_t implicit_offset = -1;

/*
 * Freed pa.Arrays kept for reuse (array_dealloc keeps them; new_array takes them), as CPython keeps freed floats
 * and tuples: an operation's result is usually freed before the next one is made, and reusing its memory saves
 * the allocator's work both ways. A kept array is untracked, its slots and weak references cleared, and it holds
 * no reference to its class; it has pa.Array's size, and the list is emptied when configure() names another class.
 */
#define ARRAY_FREELIST_SIZE 32
static PyObject *array_freelist[ARRAY_FREELIST_SIZE];
static int array_freelist_count = 0;

static void
clear_array_freelist(void)
{
    while (array_freelist_count > 0) {
        PyObject_GC_Del(array_freelist[--array_freelist_count]);
    }
}

static PyObject *s_dtype, *s_ndim, *s_backend, *s_shape;

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

/* The offset of the __slots__ member `name` of `cls`. */
static Py_ssize_t
slot_offset(PyObject *cls, const char *name)
{
    PyObject *descriptor = PyObject_GetAttrString(cls, name);
    if (descriptor == NULL) {
        return -1;
    }
    if (!PyObject_TypeCheck(descriptor, &PyMemberDescr_Type)) {
        Py_DECREF(descriptor);
        PyErr_Format(PyExc_TypeError, "%R.%s is not a slot", cls, name);
        return -1;
    }
    Py_ssize_t offset = ((PyMemberDescrObject *)descriptor)->d_member->offset;
    Py_DECREF(descriptor);
    return offset;
}

static PyObject *
configure(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"settings", "state", "stack_var", "unset", "type_owner", "array_type",
                               "shape_type", "backend_type", "error", "track", "registry", NULL};
    PyObject *given_settings, *given_state, *var, *marker, *owners, *array, *shape, *backends, *error, *tracker, *refs;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOO!O!O!O!OOO!:configure", keywords, &SettingsType,
                                     &given_settings, &given_state, &var, &marker, &PyDict_Type, &owners,
                                     &PyType_Type, &array, &PyType_Type, &shape, &PyType_Type, &backends, &error,
                                     &tracker, &PyList_Type, &refs)) {
        return NULL;
    }
    Py_ssize_t data = slot_offset(array, "data");
    Py_ssize_t backend = slot_offset(array, "backend");
    Py_ssize_t dynamic = slot_offset(array, "_dynamic");
    Py_ssize_t stack = slot_offset((PyObject *)Py_TYPE(given_state), "process_stack");
    Py_ssize_t implicit = slot_offset((PyObject *)Py_TYPE(given_state), "implicit");
    Py_ssize_t functions = slot_offset(backends, "functions");
    Py_ssize_t operators = slot_offset(backends, "operators");
    Py_ssize_t inplace = slot_offset(backends, "inplace");
    Py_ssize_t index_type = slot_offset(backends, "direct_index_type");
    if (data < 0 || backend < 0 || dynamic < 0 || stack < 0 || implicit < 0 || functions < 0 || operators < 0 ||
        inplace < 0 || index_type < 0) {
        return NULL;
    }
    Py_XSETREF(backend_type, (PyTypeObject *)Py_NewRef(backends));
    functions_offset = functions;
    operators_offset = operators;
    inplace_offset = inplace;
    index_type_offset = index_type;
    Py_XSETREF(settings, (Settings *)Py_NewRef(given_settings));
    Py_XSETREF(state, Py_NewRef(given_state));
    Py_XSETREF(stack_var, Py_NewRef(var));
    Py_XSETREF(unset, Py_NewRef(marker));
    Py_XSETREF(type_owner, Py_NewRef(owners));
    if (array_type != (PyTypeObject *)array) {
        clear_array_freelist();
    }
    Py_XSETREF(array_type, (PyTypeObject *)Py_NewRef(array));
    Py_XSETREF(shape_type, (PyTypeObject *)Py_NewRef(shape));
    Py_XSETREF(polyarray_error, Py_NewRef(error));
    Py_XSETREF(track, Py_NewRef(tracker));
    Py_XSETREF(registry, Py_NewRef(refs));
    dynamic_offset = dynamic;
    data_offset = data;
    backend_offset = backend;
    stack_offset = stack;
    implicit_offset = implicit;
    Py_RETURN_NONE;
}

/* The function `qualname` of a backend's table at `offset` (functions or operators), a new reference; NULL
 * with an error set where the backend is not a Backend or lacks it. Read on every call: a replaced entry
 * takes effect at once. */
static PyObject *
backend_entry(PyObject *backend, Py_ssize_t offset, PyObject *qualname)
{
    if (!PyObject_TypeCheck(backend, backend_type)) {
        PyErr_Format(PyExc_TypeError, "%R is not a polyarray Backend", backend);
        return NULL;
    }
    PyObject *table = SLOT(backend, offset);
    if (table == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the backend is not built");
        return NULL;
    }
    if (PyDict_CheckExact(table)) {
        PyObject *entry = PyDict_GetItemWithError(table, qualname);
        if (entry == NULL && !PyErr_Occurred()) {
            PyErr_SetObject(PyExc_KeyError, qualname);
        }
        return Py_XNewRef(entry);
    }
    return PyObject_GetItem(table, qualname);
}

/* -- shared by the types: a __dict__, and attributes read through to the Python function --- */

static PyObject *
getattr_or_python(PyObject *self, PyObject *name, PyObject *python)
{
    PyObject *value = PyObject_GenericGetAttr(self, name);
    if (value != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError)) {
        return value;
    }
    PyErr_Clear();
    return PyObject_GetAttr(python, name);
}

static PyGetSetDef dict_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict},
    {NULL},
};

/* -- FastFunction ------------------------------------------------------------------------- */

/* One parameter other than a required array: its code, integer spec and default. */
typedef struct {
    int code;
    long minimum;
    char allows_none, allows_sequence, unique, names_axes, allows_int;
    long extra_axes;
    PyObject *default_value; /* borrowed from the plan, which the FastFunction holds */
    PyObject *classes, *strings; /* VALUE: a tuple of classes and a frozenset of strings (borrowed) */
    char dropped;                /* a keyword the implementation does not take (the plan's dropped) */
    signed char bare_slot;       /* its position among the plan's bare_options, or -1 */
} Parameter;

/* What a plan says of one native dtype: its scalar rule (borrowed from the plan's scalars, or NULL), the
 * rule's int bounds as C integers where both fit (bounded), and whether the dtype is in native_dtypes. The
 * plan's tables are fixed once it is built, so the facts of a dtype, looked up once, hold for every call. */
typedef struct {
    PyObject *dtype; /* owned: no other dtype can take its address while it is remembered */
    PyObject *rule;
    int native, bounded;
    long long low, high;
} DtypeFacts;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *python;          /* the Python fast path: every call this one does not take */
    PyObject *plan;            /* the FastPlan, kept alive: the fields below borrow from it */
    PyObject *impl;
    PyObject *native;          /* the framework's callable for native_dtypes, or NULL */
    PyObject *native_dtypes;
    PyObject *native_classes;  /* a tuple of the classes one of which the first array must have exactly for
                                  native (NULL: any) */
    PyObject *writer;          /* x op= y: the plan's inplace writer (NULL: not an in-place function) */
    PyObject *reference;       /* x op= y: the reference, where the writer raises (owned) */
    PyObject *bare;            /* native's stand-in for the required arguments alone, all arrays native; or NULL */
    int nbare_options;         /* how many keyword options bare takes positionally (the plan's bare_options) */
    PyTypeObject *native_type;
    PyObject *other_types;     /* the backend's other native array classes (a tuple, maybe empty) */
    getter dtype_getter;       /* the native type's dtype getter (NULL: read it with getattr) */
    void *dtype_closure;
    PyObject *backend;
    PyObject *translate;       /* NULL where exceptions pass unchanged */
    PyObject *qualname;
    PyObject *backend_name;
    PyObject *finish;
    PyObject *scalars;         /* dict: native dtype -> (types, low, high); NULL where no scalar is taken */
    PyObject *check;           /* the declaration's check, or NULL */
    PyObject *device_of;       /* NULL unless arrays must share a device */
    PyObject *to_native_dtype; /* Backend.native_dtype naming the function, for DTYPE parameters */
    PyObject *remembered;      /* a creation function's remembered calls (the plan's dict), or NULL */
    PyObject *defaults_key;    /* _dtypes.defaults_key, read from the plan: the first item of a remembered key */
    PyObject *dtype_argument, *dtype_native; /* owned: the last dtype argument converted, and what it gave */
    DtypeFacts memo;           /* what the plan says of the last dtype looked up */
    int wrap; /* 0: the result; 1: pa.Array in array mode, else finish; 2: finish(result); 3: pa.Array always */
    int nrequired, npositional;
    int arrays[MAX_POSITIONAL], narrays;
    int promoted[MAX_POSITIONAL], npromoted;
    int dtype_source;
    int check_nans, unwrap_arrays, ranked;
    int minimum_rank; /* the rank every array must have at least (0: none), the declaration's check as data */
    int positional_checked;  /* whether a positional parameter has a test beyond passing (argument_ok) */
    int plain; /* every parameter a required array, positional, nothing else checked: plain_call takes them */
    int dtype_parameters;    /* whether a parameter takes a dtype (DTYPE), which the call converts */
    Parameter positional[MAX_POSITIONAL];
    PyObject *keyword_names[MAX_KEYWORDS]; /* borrowed from the plan's keywords dict */
    Parameter keywords[MAX_KEYWORDS];
    int nkeywords;
} FastFunction;

static int
fast_traverse(FastFunction *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    Py_VISIT(self->python);
    Py_VISIT(self->plan);
    Py_VISIT(self->reference);
    Py_VISIT(self->memo.dtype);
    Py_VISIT(self->dtype_argument);
    Py_VISIT(self->dtype_native);
    return 0;
}

static int
fast_clear(FastFunction *self)
{
    Py_CLEAR(self->dict);
    Py_CLEAR(self->python);
    Py_CLEAR(self->plan);
    Py_CLEAR(self->reference);
    Py_CLEAR(self->memo.dtype);
    Py_CLEAR(self->dtype_argument);
    Py_CLEAR(self->dtype_native);
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
    /* The getter is the main class's: other native classes (NumPy's scalars …) are read with getattr. */
    return self->dtype_getter != NULL && Py_TYPE(array) == self->native_type
               ? self->dtype_getter(array, self->dtype_closure)
               : PyObject_GetAttr(array, s_dtype);
}

/* 1 where `value` is a native array of the backend (its main class, or an instance of another), 0 where not,
 * -1 on an error. */
static inline int
is_native(FastFunction *self, PyObject *value)
{
    if (Py_TYPE(value) == self->native_type) {
        return 1;
    }
    if (self->other_types == NULL || PyTuple_GET_SIZE(self->other_types) == 0) {
        return 0;
    }
    return PyObject_IsInstance(value, self->other_types);
}

/* Whether native holds for `first`'s class: one of the plan's native_classes exactly, or any without them. */
static inline int
native_class_holds(FastFunction *self, PyObject *first)
{
    if (self->native_classes == NULL) {
        return 1;
    }
    PyObject *cls = (PyObject *)Py_TYPE(first);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(self->native_classes); i++) {
        if (PyTuple_GET_ITEM(self->native_classes, i) == cls) {
            return 1;
        }
    }
    return 0;
}

/* -1 on error; else whether `item` is an exact int passing `p` (its value, normalised, in *normal). */
static int
integer_item_ok(PyObject *item, const Parameter *p, Py_ssize_t rank, long *normal)
{
    if (!PyLong_CheckExact(item)) {
        return 0;
    }
    int overflow;
    long value = PyLong_AsLongAndOverflow(item, &overflow);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow != 0) {
        /* Beyond a C long: the chain checks it (integer_ok of _fastpath.py). */
        return 0;
    }
    if (value < p->minimum) {
        return 0;
    }
    if (p->names_axes) {
        long size = (long)rank + p->extra_axes;
        if (value < -size || value >= size) {
            return 0;
        }
        value = ((value % size) + size) % size;
    }
    *normal = value;
    return 1;
}

/* -1 on error; else whether `value` passes the integer check unchanged (integer_ok of _fastpath.py). */
static int
integer_ok(PyObject *value, const Parameter *p, Py_ssize_t rank)
{
    long normal;
    if (PyLong_CheckExact(value)) {
        return p->allows_int ? integer_item_ok(value, p, rank, &normal) : 0;
    }
    if (value == Py_None) {
        return p->allows_none;
    }
    if (!PyTuple_CheckExact(value) || !p->allows_sequence) {
        return 0;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(value);
    long seen[16];
    if (n > 16) {
        return 0; /* long tuples: the Python path checks them */
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int ok = integer_item_ok(PyTuple_GET_ITEM(value, i), p, rank, &normal);
        if (ok <= 0) {
            return ok;
        }
        if (p->unique) {
            if (!p->names_axes) {
                /* Uniqueness of the values themselves, compared as Python ints. */
                for (Py_ssize_t j = 0; j < i; j++) {
                    int same = PyObject_RichCompareBool(PyTuple_GET_ITEM(value, i), PyTuple_GET_ITEM(value, j), Py_EQ);
                    if (same != 0) {
                        return same < 0 ? -1 : 0;
                    }
                }
            }
            else {
                for (Py_ssize_t j = 0; j < i; j++) {
                    if (seen[j] == normal) {
                        return 0;
                    }
                }
                seen[i] = normal;
            }
        }
    }
    return 1;
}

/* -1 on error; else whether an argument given for a parameter described by `p` passes unchanged. */
static int
argument_ok(const Parameter *p, PyObject *value, Py_ssize_t rank)
{
    switch (p->code) {
    case PASS:
        return 1;
    case INTEGER:
        return integer_ok(value, p, rank);
    case NONE_ONLY:
        return value == Py_None;
    case NOT_SHAPE:
        return Py_TYPE(value) != shape_type;
    case AT_DEFAULT:
        return value == p->default_value;
    case DTYPE:
        return 1;
    case VALUE: {
        PyObject *cls = (PyObject *)Py_TYPE(value);
        Py_ssize_t n = PyTuple_GET_SIZE(p->classes);
        for (Py_ssize_t i = 0; i < n; i++) {
            if (PyTuple_GET_ITEM(p->classes, i) == cls) {
                return 1;
            }
        }
        return PyUnicode_CheckExact(value) ? PySet_Contains(p->strings, value) : 0;
    }
    default:
        return 0;
    }
}

/* Raise translate(error, qualname, backend_name) from the exception being raised, as
 * `except Exception as e: raise translate(e, ...) from e` does; PolyarrayErrors and
 * BaseExceptions pass unchanged. Returns NULL. */
static PyObject *
raise_translated(FastFunction *self)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyObject *value = PyErr_GetRaisedException();
#else
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    if (value != NULL && traceback != NULL) {
        PyException_SetTraceback(value, traceback);
    }
    Py_XDECREF(type);
    Py_XDECREF(traceback);
#endif
    if (value == NULL) {
        return NULL;
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
        PyErr_SetObject((PyObject *)Py_TYPE(value), value);
        Py_DECREF(value);
        return NULL;
    }
    PyObject *translated = PyObject_CallFunctionObjArgs(self->translate, value, self->qualname, self->backend_name,
                                                        NULL);
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

/* A new pa.Array with its slots empty: a kept one where there is one, as tp_alloc makes it otherwise. */
static PyObject *
alloc_array(void)
{
    if (array_freelist_count == 0) {
        return array_type->tp_alloc(array_type, 0);
    }
    PyObject *array = PyObject_Init(array_freelist[--array_freelist_count], array_type);
    PyObject_GC_Track(array);
    return array;
}

/* A pa.Array of the backend around `result` (stolen), flagged and registered as dynamic as _registry.track does. */
static PyObject *
new_array(PyObject *result, PyObject *backend)
{
    PyObject *array = alloc_array();
    if (array == NULL) {
        Py_DECREF(result);
        return NULL;
    }
    SLOT(array, data_offset) = result;
    SLOT(array, backend_offset) = Py_NewRef(backend);
    if (!settings->dynamic_backend) {
        return array;
    }
    if (!settings->registering) {
        SLOT(array, dynamic_offset) = Py_NewRef(Py_True);
    }
    else if (PyList_GET_SIZE(registry) < settings->dynamic_limit) {
        SLOT(array, dynamic_offset) = Py_NewRef(Py_True);
        PyObject *ref = PyWeakref_NewRef(array, NULL);
        if (ref == NULL || PyList_Append(registry, ref) < 0) {
            Py_XDECREF(ref);
            Py_DECREF(array);
            return NULL;
        }
        Py_DECREF(ref);
    }
    else {
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
finish_result(FastFunction *self, PyObject *result)
{
    if (self->wrap == 0) {
        return result;
    }
    if (self->wrap == 1 && !settings->array_mode) {
        return result;
    }
    if (self->wrap == 1 || self->wrap == 3) {
        int native = is_native(self, result);
        if (native != 0) {
            if (native < 0) {
                Py_DECREF(result);
                return NULL;
            }
            return new_array(result, self->backend);
        }
    }
    PyObject *finished = PyObject_CallOneArg(self->finish, result);
    Py_DECREF(result);
    return finished;
}

/* The keyword entry for `name`, or NULL (an unknown name). */
static const Parameter *
keyword_entry(FastFunction *self, PyObject *name)
{
    for (int i = 0; i < self->nkeywords; i++) {
        if (self->keyword_names[i] == name) {
            return &self->keywords[i];
        }
    }
    for (int i = 0; i < self->nkeywords; i++) {
        if (PyUnicode_Compare(self->keyword_names[i], name) == 0) {
            return &self->keywords[i];
        }
    }
    return NULL;
}

/* The plan's facts of `dtype`, looked up and remembered (NULL on an error). */
static const DtypeFacts *
remember_dtype_facts(FastFunction *self, PyObject *dtype)
{
    DtypeFacts *memo = &self->memo;
    PyObject *rule = self->scalars != NULL ? PyDict_GetItemWithError(self->scalars, dtype) : NULL;
    if (rule == NULL && PyErr_Occurred()) {
        return NULL;
    }
    int native = self->native_dtypes != NULL ? PySet_Contains(self->native_dtypes, dtype) : 0;
    if (native < 0) {
        return NULL;
    }
    int bounded = 0;
    long long low = 0, high = 0;
    if (rule != NULL) {
        int low_overflow, high_overflow;
        low = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(rule, 1), &low_overflow);
        high = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(rule, 2), &high_overflow);
        if (PyErr_Occurred()) {
            return NULL;
        }
        bounded = low_overflow == 0 && high_overflow == 0;
    }
    Py_XSETREF(memo->dtype, Py_NewRef(dtype));
    memo->rule = rule;
    memo->native = native;
    memo->bounded = bounded;
    memo->low = low;
    memo->high = high;
    return memo;
}

/* The plan's facts of `dtype` (NULL on an error): the memo's where it is the dtype of the last lookup. */
static inline const DtypeFacts *
dtype_facts(FastFunction *self, PyObject *dtype)
{
    return self->memo.dtype == dtype ? &self->memo : remember_dtype_facts(self, dtype);
}

/* 1: the scalar may stand for an array of the dtype whose facts are given; 0: not; -1: an error. */
static int
scalar_ok(const DtypeFacts *facts, PyObject *value)
{
    PyObject *rule = facts->rule;
    if (rule == NULL) {
        return 0;
    }
    PyObject *kinds = PyTuple_GET_ITEM(rule, 0);
    int found = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(kinds); i++) {
        if ((PyObject *)Py_TYPE(value) == PyTuple_GET_ITEM(kinds, i)) {
            found = 1;
            break;
        }
    }
    if (!found) {
        return 0;
    }
    if (PyLong_CheckExact(value)) {
        if (facts->bounded) {
            int overflow;
            long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
            /* An int beyond a long long is beyond bounds that fit one. */
            return overflow == 0 && facts->low <= number && number <= facts->high;
        }
        int low = PyObject_RichCompareBool(PyTuple_GET_ITEM(rule, 1), value, Py_LE);
        if (low <= 0) {
            return low;
        }
        return PyObject_RichCompareBool(value, PyTuple_GET_ITEM(rule, 2), Py_LE);
    }
    return 1;
}

/* A call of the required arguments (`values[:nargs]`) and `kept` keyword options (`values[nargs:]`, at the
 * positions `slots` among the plan's bare_options) as bare takes it: the options' values positionally in their
 * order, where they are its first `kept` options, none None or () (FastPlan.bare_options,
 * _fastpath.bare_positional). 1 with its result (NULL for an error other than an Exception), or 0 where the
 * options are not bare's or bare raises: native is then called with the keywords and decides. */
static int
call_bare_with_options(FastFunction *self, PyObject *const *values, Py_ssize_t nargs, Py_ssize_t kept,
                       const signed char *slots, PyObject **result)
{
    PyObject *ordered[MAX_POSITIONAL + MAX_KEYWORDS];
    unsigned int filled = 0;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        ordered[i] = values[i];
    }
    for (Py_ssize_t i = 0; i < kept; i++) {
        int slot = slots[i];
        PyObject *value = values[nargs + i];
        if (slot < 0 || slot >= kept || (filled & (1u << slot)) || value == Py_None ||
            (PyTuple_CheckExact(value) && PyTuple_GET_SIZE(value) == 0)) {
            return 0;
        }
        filled |= 1u << slot;
        ordered[nargs + slot] = value;
    }
    *result = PyObject_Vectorcall(self->bare, ordered, nargs + kept, NULL);
    if (*result == NULL && PyErr_ExceptionMatches(PyExc_Exception)) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* to_native_dtype(dtype) (a new reference), remembered for the last dtype object converted, as the Python
 * converter remembers it: by identity, and not for Python's types (float stands for this context's default). */
static PyObject *
native_dtype_argument(FastFunction *self, PyObject *dtype)
{
    if (dtype == self->dtype_argument) {
        return Py_NewRef(self->dtype_native);
    }
    PyObject *native = PyObject_CallOneArg(self->to_native_dtype, dtype);
    if (native != NULL && !Py_IS_TYPE(dtype, &PyType_Type)) {
        Py_XSETREF(self->dtype_argument, Py_NewRef(dtype));
        Py_XSETREF(self->dtype_native, Py_NewRef(native));
    }
    return native;
}

/* `result` of the fast path's call (a new reference, or NULL with the error set): its error translated where
 * the plan translates, else the result finished (wrapped as the plan says). */
static PyObject *
finish_call(FastFunction *self, PyObject *result)
{
    if (result == NULL) {
        return self->translate == NULL ? NULL : raise_translated(self);
    }
    return finish_result(self, result);
}

/* target(*values, **callnames' values), where native decides a call its bare form raises for (a reduction of
 * nothing); a new reference, or NULL with the error set (not yet translated). */
static PyObject *
call_target(FastFunction *self, PyObject *target, PyObject *const *values, Py_ssize_t nargs, PyObject *callnames)
{
    PyObject *result = PyObject_Vectorcall(target, values, nargs, callnames);
    if (result == NULL && target == self->bare && PyErr_ExceptionMatches(PyExc_Exception)) {
        PyErr_Clear();
        result = PyObject_Vectorcall(self->native, values, nargs, callnames);
    }
    return result;
}

/* The call of a plain function (FastFunction.plain: each parameter a required array) whose arrays are all
 * of the main native class, as fast_vectorcall makes it, without its general steps; Py_None (borrowed) where
 * the call is not such a call, for fast_vectorcall to take. */
static PyObject *
plain_call(FastFunction *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *first = args[0];
    if (Py_TYPE(first) != self->native_type || (nargs == 2 && Py_TYPE(args[1]) != self->native_type) ||
        (self->check_nans && settings->nan_checking)) {
        return Py_None;
    }
    PyObject *dtype = dtype_of(self, first);
    if (dtype == NULL) {
        PyErr_Clear();
        return Py_None;
    }
    if (self->npromoted == 2) {
        PyObject *other = dtype_of(self, args[1]);
        Py_XDECREF(other); /* the array keeps its dtype alive: only identity is compared */
        if (other != dtype) {
            PyErr_Clear();
            Py_DECREF(dtype);
            return Py_None;
        }
    }
    const DtypeFacts *facts = dtype_facts(self, dtype);
    Py_DECREF(dtype);
    if (facts == NULL) {
        return NULL;
    }
    PyObject *target = self->impl;
    if (self->native != NULL && facts->native && native_class_holds(self, first)) {
        target = self->bare != NULL ? self->bare : self->native;
    }
    return finish_call(self, call_target(self, target, args, nargs, NULL));
}

/* A creation call of exact ints alone (no keyword) that the creation wrapper has remembered under the key
 * _wrappers.dtype.remembered_key gives, (defaults_key(), the arguments): the remembered call of no arguments,
 * its result finished. Py_None (borrowed) where the call is not one it remembers, for fast_vectorcall to take. */
static PyObject *
remembered_call(FastFunction *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t i, j;
    if (PyDict_GET_SIZE(self->remembered) == 0) {
        return Py_None;
    }
    for (i = 0; i < nargs; i++) {
        PyObject *value = args[i];
        if (PyLong_CheckExact(value)) {
            continue;
        }
        if (!PyTuple_CheckExact(value)) {
            return Py_None;
        }
        for (j = 0; j < PyTuple_GET_SIZE(value); j++) {
            if (!PyLong_CheckExact(PyTuple_GET_ITEM(value, j))) {
                return Py_None;
            }
        }
    }
    PyObject *key = PyTuple_New(2), *given = PyTuple_New(nargs);
    PyObject *defaults = key == NULL || given == NULL ? NULL : PyObject_CallNoArgs(self->defaults_key);
    if (defaults == NULL) {
        Py_XDECREF(key);
        Py_XDECREF(given);
        return NULL;
    }
    for (i = 0; i < nargs; i++) {
        PyTuple_SET_ITEM(given, i, Py_NewRef(args[i]));
    }
    PyTuple_SET_ITEM(key, 0, defaults);
    PyTuple_SET_ITEM(key, 1, given);
    PyObject *call = PyDict_GetItemWithError(self->remembered, key);
    Py_DECREF(key);
    if (call == NULL) {
        return PyErr_Occurred() ? NULL : Py_None;
    }
    Py_INCREF(call); /* the dict may drop it while it runs */
    PyObject *result = PyObject_CallNoArgs(call);
    Py_DECREF(call);
    return finish_call(self, result);
}

static PyObject *
fast_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastFunction *self = (FastFunction *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *values[MAX_POSITIONAL + MAX_KEYWORDS];
    PyObject *callnames = NULL, *dtype = NULL, *result;
    PyObject *kept_names[MAX_KEYWORDS];
    signed char kept_slots[MAX_KEYWORDS]; /* each kept keyword's bare_slot */
    int i, ok, scalar_at = -1;

    if (self->plain && nkw == 0 && nargs == self->narrays && (result = plain_call(self, args, nargs)) != Py_None) {
        return result;
    }
    if (nargs < self->nrequired || nargs > self->npositional || nkw > MAX_KEYWORDS) {
        goto python;
    }
    if (self->check_nans && settings->nan_checking) {
        goto python;
    }
    if (self->remembered != NULL && nkw == 0 && (result = remembered_call(self, args, nargs)) != Py_None) {
        return result;
    }
    for (i = 0; i < nargs; i++) {
        values[i] = args[i];
    }
    /* Every array argument native, a pa.Array of this backend, or (one promoted operand) a Python scalar. */
    for (i = 0; i < self->narrays; i++) {
        int at = self->arrays[i];
        PyObject *value = args[at];
        if (Py_TYPE(value) == self->native_type) {
            continue;
        }
        if (Py_TYPE(value) == array_type) {
            PyObject *data = SLOT(value, data_offset);
            if (self->unwrap_arrays && SLOT(value, backend_offset) == self->backend && data != NULL &&
                (ok = is_native(self, data)) != 0) {
                if (ok < 0) {
                    return NULL;
                }
                values[at] = data;
                continue;
            }
            goto python;
        }
        if (self->scalars != NULL && scalar_at < 0 &&
            (PyLong_CheckExact(value) || PyFloat_CheckExact(value) || PyComplex_CheckExact(value))) {
            scalar_at = at;
            continue;
        }
        if ((ok = is_native(self, value)) != 0) {
            if (ok < 0) {
                return NULL;
            }
            continue;
        }
        goto python;
    }
    if (scalar_at >= 0) {
        int other = scalar_at == self->promoted[0] ? self->promoted[1] : self->promoted[0];
        if (other == scalar_at) {
            goto python;
        }
        dtype = dtype_of(self, values[other]);
        if (dtype == NULL) {
            PyErr_Clear();
            goto python;
        }
        const DtypeFacts *facts = dtype_facts(self, dtype);
        ok = facts == NULL ? -1 : scalar_ok(facts, values[scalar_at]);
        if (ok <= 0) {
            Py_DECREF(dtype);
            if (ok < 0) {
                return NULL;
            }
            goto python;
        }
    }
    else if (self->npromoted > 0 || self->dtype_source >= 0) {
        dtype = dtype_of(self, values[self->npromoted > 0 ? self->promoted[0] : self->dtype_source]);
        if (dtype == NULL) {
            PyErr_Clear();
            goto python;
        }
        for (i = 1; i < self->npromoted; i++) {
            PyObject *other = dtype_of(self, values[self->promoted[i]]);
            if (other == NULL) {
                PyErr_Clear();
                Py_DECREF(dtype);
                goto python;
            }
            Py_DECREF(other); /* the array keeps its dtype alive: only identity is compared */
            if (other != dtype) {
                Py_DECREF(dtype);
                goto python;
            }
        }
    }
    Py_ssize_t rank = 0;
    if (self->ranked || self->minimum_rank > 0) {
        for (i = 0; i < self->narrays; i++) {
            if (self->arrays[i] == scalar_at) {
                continue;
            }
            PyObject *ndim = PyObject_GetAttr(values[self->arrays[i]], s_ndim);
            Py_ssize_t n = ndim == NULL ? -1 : PyLong_AsSsize_t(ndim);
            Py_XDECREF(ndim);
            if (n < 0) {
                PyErr_Clear();
                goto python_with_dtype;
            }
            if (n < self->minimum_rank) {
                goto python_with_dtype; /* the chain's check raises the error */
            }
            rank = n > rank ? n : rank;
        }
    }
    for (i = 0; self->positional_checked && i < nargs; i++) {
        if (self->positional[i].code == CHAIN) {
            continue;
        }
        ok = argument_ok(&self->positional[i], args[i], rank);
        if (ok <= 0) {
            if (ok < 0) {
                Py_XDECREF(dtype);
                return NULL;
            }
            goto python_with_dtype;
        }
    }
    Py_ssize_t kept = 0;
    for (i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        const Parameter *p = keyword_entry(self, name);
        if (p == NULL) {
            goto python_with_dtype;
        }
        ok = argument_ok(p, args[nargs + i], rank);
        if (ok <= 0) {
            if (ok < 0) {
                Py_XDECREF(dtype);
                return NULL;
            }
            goto python_with_dtype;
        }
        if (!p->dropped) {
            values[nargs + kept] = args[nargs + i];
            kept_slots[kept] = p->bare_slot;
            kept_names[kept++] = name;
        }
    }
    if (self->device_of != NULL) {
        PyObject *first = PyObject_CallOneArg(self->device_of, values[self->arrays[0]]);
        if (first == NULL) {
            Py_XDECREF(dtype);
            return NULL;
        }
        for (i = 1; i < self->narrays; i++) {
            if (self->arrays[i] == scalar_at) {
                continue;
            }
            PyObject *device = PyObject_CallOneArg(self->device_of, values[self->arrays[i]]);
            int same = device == NULL ? -1 : PyObject_RichCompareBool(first, device, Py_EQ);
            Py_XDECREF(device);
            if (same <= 0) {
                Py_DECREF(first);
                if (same < 0) {
                    Py_XDECREF(dtype);
                    return NULL;
                }
                goto python_with_dtype;
            }
        }
        Py_DECREF(first);
    }
    /* DTYPE arguments become native dtypes (new references, released after the call). */
    PyObject *owned[MAX_POSITIONAL + MAX_KEYWORDS];
    int nowned = 0;
    result = NULL;
    for (i = 0; self->dtype_parameters && i < nargs + kept; i++) {
        const Parameter *p = i < nargs ? &self->positional[i] : keyword_entry(self, kept_names[i - nargs]);
        if (p != NULL && p->code == DTYPE && values[i] != Py_None) {
            PyObject *native = native_dtype_argument(self, values[i]);
            if (native == NULL) {
                goto release;
            }
            values[i] = owned[nowned++] = native;
        }
    }
    if (kept > 0 && kept == nkw) {
        callnames = Py_NewRef(kwnames); /* nothing dropped: the call's own names, in their order */
    }
    else if (kept > 0) {
        callnames = PyTuple_New(kept);
        if (callnames == NULL) {
            goto release;
        }
        for (i = 0; i < kept; i++) {
            PyTuple_SET_ITEM(callnames, i, Py_NewRef(kept_names[i]));
        }
    }
    if (self->check != NULL) {
        /* The declaration's check, on the arguments (arrays unwrapped, dtypes native) and the keywords kept. */
        PyObject *positional = PyTuple_New(nargs);
        PyObject *keywords = PyDict_New();
        int failed = positional == NULL || keywords == NULL;
        for (i = 0; !failed && i < nargs; i++) {
            PyTuple_SET_ITEM(positional, i, Py_NewRef(values[i]));
        }
        for (i = 0; !failed && i < kept; i++) {
            failed = PyDict_SetItem(keywords, kept_names[i], values[nargs + i]) < 0;
        }
        PyObject *checked = failed ? NULL : PyObject_CallFunctionObjArgs(self->check, positional, keywords, NULL);
        Py_XDECREF(positional);
        Py_XDECREF(keywords);
        if (failed) {
            goto release;
        }
        if (checked == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_Exception)) {
                goto release; /* KeyboardInterrupt and its kin go on */
            }
            PyErr_Clear(); /* the Python path sends the call to the chain, which raises the check's error, named */
        }
        int rewrites = checked != Py_None;
        Py_XDECREF(checked);
        if (rewrites) {
            /* The check puts the arguments in another form, as the chain passes them, or refuses them: the Python
               path sends the call to the chain. */
            result = PyObject_Vectorcall(self->python, args, nargsf, kwnames);
            goto release;
        }
    }
    PyObject *target = self->impl;
    /* The class guard reads the first array operand: the second where the first is a Python scalar. */
    if (self->native != NULL && dtype != NULL &&
        native_class_holds(self, values[self->arrays[scalar_at == self->arrays[0] ? 1 : 0]])) {
        const DtypeFacts *facts = dtype_facts(self, dtype);
        if (facts == NULL) {
            goto release;
        }
        if (facts->native) {
            target = self->native;
            if (self->bare != NULL && scalar_at < 0 && nargs == self->nrequired) {
                if (kept == 0) {
                    target = self->bare;
                }
                else if (kept <= self->nbare_options &&
                         call_bare_with_options(self, values, nargs, kept, kept_slots, &result)) {
                    goto called;
                }
            }
        }
    }
    result = call_target(self, target, values, nargs, callnames);
called:
    result = finish_call(self, result);
release:
    Py_XDECREF(dtype);
    Py_XDECREF(callnames);
    for (i = 0; i < nowned; i++) {
        Py_DECREF(owned[i]);
    }
    return result;

python_with_dtype:
    Py_XDECREF(dtype);
python:
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
}

/*
 * x op= y (backend.inplace[name], _fastpath.inplace_operator) for the calls its Python closure writes
 * through the plan's writer: x a pa.Array over the main native class, y a native array or pa.Array of the
 * backend with x's dtype, or a Python scalar that takes it (the scalar rule), and the dtype one the writer
 * holds for. The writer raises before it writes anything; where it raises, the reference computes x op y
 * and raises the translated error. Every other call goes to the Python closure.
 */
static PyObject *
inplace_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastFunction *self = (FastFunction *)op;
    if (PyVectorcall_NARGS(nargsf) != 2 || kwnames != NULL || (self->check_nans && settings->nan_checking) ||
        !Py_IS_TYPE(args[0], array_type)) {
        goto python;
    }
    PyObject *data = SLOT(args[0], data_offset), *operand = args[1];
    if (data == NULL || Py_TYPE(data) != self->native_type) {
        goto python;
    }
    if (Py_IS_TYPE(operand, array_type) && SLOT(operand, backend_offset) == self->backend) {
        operand = SLOT(operand, data_offset);
        if (operand == NULL) {
            goto python;
        }
    }
    PyObject *dtype = dtype_of(self, data);
    if (dtype == NULL) {
        PyErr_Clear();
        goto python;
    }
    int ok;
    const DtypeFacts *facts = dtype_facts(self, dtype);
    if (facts == NULL) {
        Py_DECREF(dtype);
        return NULL;
    }
    if (PyLong_CheckExact(operand) || PyFloat_CheckExact(operand) || PyComplex_CheckExact(operand)) {
        ok = scalar_ok(facts, operand);
    }
    else if ((ok = is_native(self, operand)) > 0) {
        PyObject *other = dtype_of(self, operand);
        if (other == NULL) {
            PyErr_Clear();
            ok = 0;
        }
        else {
            ok = other == dtype && self->device_of == NULL; /* devices are compared by the Python closure */
            Py_DECREF(other);
        }
    }
    if (ok > 0) {
        ok = facts->native;
    }
    Py_DECREF(dtype);
    if (ok < 0) {
        return NULL;
    }
    if (ok == 0) {
        goto python;
    }
    PyObject *operands[2] = {data, operand};
    PyObject *written = PyObject_Vectorcall(self->writer, operands, 2, NULL);
    if (written == NULL) {
        PyErr_Clear(); /* nothing was written: the reference raises the translated error, or writes */
        return PyObject_Vectorcall(self->reference, args, 2, NULL);
    }
    Py_DECREF(written);
    return Py_NewRef(args[0]);

python:
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
}

/* Read a list of ints (at most MAX_POSITIONAL) from a sequence attribute of the plan. */
static int
int_list(PyObject *plan, const char *name, int *out, int *count)
{
    PyObject *sequence = PyObject_GetAttrString(plan, name);
    if (sequence == NULL) {
        return -1;
    }
    PyObject *items = PySequence_Fast(sequence, name);
    Py_DECREF(sequence);
    if (items == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n > MAX_POSITIONAL) {
        Py_DECREF(items);
        return 0; /* too many: no compiled fast path */
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
    return 1;
}

/* Read one (code, spec, default) entry into `p` (the default borrowed). */
static int
read_parameter(PyObject *entry, Parameter *p)
{
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3) {
        PyErr_SetString(PyExc_TypeError, "FastFunction: a parameter entry is not (code, spec, default)");
        return -1;
    }
    p->code = (int)PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
    if (p->code == -1 && PyErr_Occurred()) {
        return -1;
    }
    p->default_value = PyTuple_GET_ITEM(entry, 2);
    p->bare_slot = -1;
    PyObject *spec = PyTuple_GET_ITEM(entry, 1);
    if (p->code == VALUE) {
        if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(spec, 0))
            || !PyFrozenSet_Check(PyTuple_GET_ITEM(spec, 1))) {
            PyErr_SetString(PyExc_TypeError, "FastFunction: a value spec is not (classes, strings)");
            return -1;
        }
        p->classes = PyTuple_GET_ITEM(spec, 0);
        p->strings = PyTuple_GET_ITEM(spec, 1);
    }
    if (p->code == INTEGER) {
        if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 7) {
            PyErr_SetString(PyExc_TypeError, "FastFunction: an integer spec is not a 7-tuple");
            return -1;
        }
        p->minimum = PyLong_AsLong(PyTuple_GET_ITEM(spec, 0));
        p->allows_none = (char)PyObject_IsTrue(PyTuple_GET_ITEM(spec, 1));
        p->allows_sequence = (char)PyObject_IsTrue(PyTuple_GET_ITEM(spec, 2));
        p->unique = (char)PyObject_IsTrue(PyTuple_GET_ITEM(spec, 3));
        p->names_axes = (char)PyObject_IsTrue(PyTuple_GET_ITEM(spec, 4));
        p->extra_axes = PyLong_AsLong(PyTuple_GET_ITEM(spec, 5));
        p->allows_int = (char)PyObject_IsTrue(PyTuple_GET_ITEM(spec, 6));
        if (PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

/* An attribute of the plan, or NULL for None (a new reference otherwise; *error set on failure). */
static PyObject *
optional(PyObject *plan, const char *name, int *error)
{
    PyObject *value = PyObject_GetAttrString(plan, name);
    if (value == NULL) {
        *error = 1;
        return NULL;
    }
    if (value == Py_None) {
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

/* The plan's bare_options: each keyword's position among them (its bare_slot), and how many there are. */
static int
read_bare_options(FastFunction *self, PyObject *plan)
{
    PyObject *options = PyObject_GetAttrString(plan, "bare_options");
    if (options == NULL) {
        return -1;
    }
    if (!PyTuple_Check(options) || PyTuple_GET_SIZE(options) > MAX_KEYWORDS) {
        Py_DECREF(options);
        PyErr_SetString(PyExc_TypeError, "FastFunction: the plan's bare_options are not a short tuple");
        return -1;
    }
    self->nbare_options = (int)PyTuple_GET_SIZE(options);
    for (int slot = 0; slot < self->nbare_options; slot++) {
        for (int i = 0; i < self->nkeywords; i++) {
            int same = PyObject_RichCompareBool(self->keyword_names[i], PyTuple_GET_ITEM(options, slot), Py_EQ);
            if (same < 0) {
                Py_DECREF(options);
                return -1;
            }
            if (same) {
                self->keywords[i].bare_slot = (signed char)slot;
            }
        }
    }
    Py_DECREF(options);
    return 0;
}

static int
read_plan(FastFunction *self, PyObject *plan)
{
    int error = 0, ok;
    PyObject *number;
#define BORROW(field, name)                                                                        \
    do {                                                                                             \
        PyObject *value_ = optional(plan, name, &error);                                             \
        self->field = value_;                                                                         \
        Py_XDECREF(value_); /* the plan, held by the FastFunction, keeps it alive */                  \
    } while (0)
    BORROW(impl, "impl");
    BORROW(native, "native");
    BORROW(native_dtypes, "native_dtypes");
    BORROW(native_classes, "native_classes");
    BORROW(writer, "inplace");
    BORROW(bare, "bare");
    BORROW(backend, "backend");
    BORROW(translate, "translate");
    BORROW(qualname, "qualname");
    BORROW(backend_name, "backend_name");
    BORROW(finish, "finish");
    BORROW(scalars, "scalars");
    BORROW(check, "check");
    BORROW(device_of, "device_of");
    BORROW(other_types, "other_types");
    BORROW(to_native_dtype, "to_native_dtype");
    BORROW(remembered, "remembered");
    BORROW(defaults_key, "defaults_key");
    PyObject *native_type = optional(plan, "native_type", &error);
    Py_XDECREF(native_type);
#undef BORROW
    if (error) {
        return -1;
    }
    if (self->impl == NULL || native_type == NULL || !PyType_Check(native_type) || self->backend == NULL) {
        PyErr_SetString(PyExc_TypeError, "FastFunction: the plan lacks impl, native_type or backend");
        return -1;
    }
    self->native_type = (PyTypeObject *)native_type;
    const char *ints[] = {"wrap",          "nrequired", "npositional", "dtype_source", "check_nans",
                          "unwrap_arrays", "ranked",    "minimum_rank"};
    int *targets[] = {&self->wrap,          &self->nrequired, &self->npositional,  &self->dtype_source,
                      &self->check_nans,    &self->unwrap_arrays, &self->ranked, &self->minimum_rank};
    for (int i = 0; i < 8; i++) {
        number = PyObject_GetAttrString(plan, ints[i]);
        if (number == NULL) {
            return -1;
        }
        long value = PyLong_AsLong(number);
        Py_DECREF(number);
        if (value == -1 && PyErr_Occurred()) {
            return -1;
        }
        *targets[i] = (int)value;
    }
    if (self->npositional > MAX_POSITIONAL) {
        return 0;
    }
    if ((ok = int_list(plan, "arrays", self->arrays, &self->narrays)) <= 0 ||
        (ok = int_list(plan, "promoted", self->promoted, &self->npromoted)) <= 0) {
        return ok;
    }
    PyObject *positional = PyObject_GetAttrString(plan, "positional");
    if (positional == NULL) {
        return -1;
    }
    if (!PyTuple_Check(positional) || PyTuple_GET_SIZE(positional) != self->npositional) {
        Py_DECREF(positional);
        PyErr_SetString(PyExc_TypeError, "FastFunction: the plan's positional entries do not fit npositional");
        return -1;
    }
    for (int i = 0; i < self->npositional; i++) {
        if (read_parameter(PyTuple_GET_ITEM(positional, i), &self->positional[i]) < 0) {
            Py_DECREF(positional);
            return -1;
        }
    }
    Py_DECREF(positional); /* the entries stay alive in the plan */
    for (int i = 0; i < self->npositional; i++) {
        int code = self->positional[i].code;
        self->positional_checked |= code != CHAIN && code != PASS && code != DTYPE;
        self->dtype_parameters |= code == DTYPE;
    }
    PyObject *keywords = PyObject_GetAttrString(plan, "keywords");
    if (keywords == NULL) {
        return -1;
    }
    if (!PyDict_Check(keywords) || PyDict_GET_SIZE(keywords) > MAX_KEYWORDS) {
        int is_dict = PyDict_Check(keywords);
        Py_DECREF(keywords);
        if (!is_dict) {
            PyErr_SetString(PyExc_TypeError, "FastFunction: the plan's keywords are not a dict");
            return -1;
        }
        return 0;
    }
    /* The keywords left out of the implementation's call (the plan's dropped frozenset), flagged per entry. */
    PyObject *left_out = PyObject_GetAttrString(plan, "dropped");
    if (left_out == NULL) {
        Py_DECREF(keywords);
        return -1;
    }
    if (!PyAnySet_Check(left_out)) {
        Py_DECREF(left_out);
        Py_DECREF(keywords);
        PyErr_SetString(PyExc_TypeError, "FastFunction: the plan's dropped keywords are not a set");
        return -1;
    }
    Py_ssize_t position = 0;
    PyObject *name, *entry;
    self->nkeywords = 0;
    while (PyDict_Next(keywords, &position, &name, &entry)) {
        int dropped = -1;
        if (read_parameter(entry, &self->keywords[self->nkeywords]) == 0) {
            dropped = PySet_Contains(left_out, name);
        }
        if (dropped < 0) {
            Py_DECREF(left_out);
            Py_DECREF(keywords);
            return -1;
        }
        self->keywords[self->nkeywords].dropped = (char)dropped;
        self->dtype_parameters |= self->keywords[self->nkeywords].code == DTYPE;
        self->keyword_names[self->nkeywords++] = name;
    }
    Py_DECREF(left_out);
    Py_DECREF(keywords);
    if (read_bare_options(self, plan) < 0) {
        return -1;
    }
    for (int i = 0; i < self->narrays; i++) {
        if (self->arrays[i] < 0 || self->arrays[i] >= self->nrequired) {
            PyErr_SetString(PyExc_ValueError, "FastFunction: an array position beyond the required parameters");
            return -1;
        }
    }
    PyObject *creation = PyObject_GetAttrString(plan, "creation");
    if (creation == NULL) {
        return -1;
    }
    int is_creation = PyObject_IsTrue(creation);
    Py_DECREF(creation);
    if (is_creation < 0) {
        return -1;
    }
    if ((is_creation && self->narrays > 0) || (self->narrays == 0 && self->device_of != NULL)) {
        return 0; /* creation functions of arrays (byte order): the Python fast path takes their calls */
    }
    if ((self->wrap != 0 && self->finish == NULL) || self->wrap < 0 || self->wrap > 3 ||
        (self->native != NULL && self->native_dtypes == NULL) ||
        (self->native_classes != NULL && (self->narrays == 0 || !PyTuple_CheckExact(self->native_classes))) ||
        (self->npromoted == 1) ||
        (self->scalars != NULL && (!PyDict_Check(self->scalars) || self->npromoted != 2)) ||
        (self->remembered != NULL && (!PyDict_CheckExact(self->remembered) || self->defaults_key == NULL))) {
        PyErr_SetString(PyExc_ValueError, "FastFunction: an inconsistent plan");
        return -1;
    }
    self->plain = self->narrays >= 1 && self->narrays <= 2 && self->narrays == self->nrequired &&
                  self->narrays == self->npositional && self->arrays[0] == 0 &&
                  (self->narrays == 1 || self->arrays[1] == 1) &&
                  (self->npromoted == 2 ? self->narrays == 2 && self->promoted[0] == 0 && self->promoted[1] == 1
                                        : self->npromoted == 0 && self->dtype_source == 0) &&
                  !self->ranked && self->minimum_rank == 0 && !self->positional_checked && !self->dtype_parameters &&
                  self->device_of == NULL && self->check == NULL;
    /* A dtype defined in C (NumPy's, torch's) is read through its getter, skipping attribute lookup. */
    PyObject *descriptor = PyObject_GetAttr(native_type, s_dtype);
    if (descriptor == NULL) {
        PyErr_Clear();
    }
    else {
        if (Py_IS_TYPE(descriptor, &PyGetSetDescr_Type) &&
            ((PyGetSetDescrObject *)descriptor)->d_getset->get != NULL) {
            self->dtype_getter = ((PyGetSetDescrObject *)descriptor)->d_getset->get;
            self->dtype_closure = ((PyGetSetDescrObject *)descriptor)->d_getset->closure;
        }
        Py_DECREF(descriptor); /* the type keeps the descriptor alive */
    }
    return 1;
}

static PyObject *
fast_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"plan", "python", "reference", NULL};
    PyObject *plan, *python, *reference = NULL;
    if (!configured()) {
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|O:FastFunction", keywords, &plan, &python, &reference)) {
        return NULL;
    }
    FastFunction *self = (FastFunction *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->plan = Py_NewRef(plan);
    self->python = Py_NewRef(python);
    int read = read_plan(self, plan);
    if (read <= 0) {
        Py_DECREF(self);
        if (read == 0) {
            /* A plan beyond the compiled path's limits: the Python function takes every call. */
            return Py_NewRef(python);
        }
        return NULL;
    }
    self->vectorcall = fast_vectorcall;
    if (reference != NULL) {
        /* x op= y: the compiled path takes the calls the plan's writer writes; without one, none. */
        if (self->writer == NULL || self->native_dtypes == NULL) {
            Py_DECREF(self);
            return Py_NewRef(python);
        }
        self->reference = Py_NewRef(reference);
        self->vectorcall = inplace_vectorcall;
    }
    return (PyObject *)self;
}

static PyObject *
fast_getattro(PyObject *self, PyObject *name)
{
    return getattr_or_python(self, name, ((FastFunction *)self)->python);
}

static PyMemberDef fast_members[] = {
    {"python", T_OBJECT, offsetof(FastFunction, python), READONLY, "The Python fast path it accelerates."},
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
    .tp_doc = "A backend function's fast path in C, reading the FastPlan its Python fast path reads.",
    .tp_traverse = (traverseproc)fast_traverse,
    .tp_clear = (inquiry)fast_clear,
    .tp_members = fast_members,
    .tp_getset = dict_getset,
    .tp_dictoffset = offsetof(FastFunction, dict),
    .tp_new = fast_new,
};

/* -- GuardedWriter: an in-place writer's common case ------------------------------------- */

/*
 * A backend's in-place writer (the implementation's polyarray_inplace mark) whose common case the mark spells
 * as data: writer(x1, x2) is operator(x1, x2), returning None, where the context variable `state` holds
 * exactly `value` and Python's warning filters (holder.filters, holder being the warnings module) are the list
 * the writer last read, as the writer's own memo `read` ([filters, length, first entry, whether they keep
 * warnings]) records them, with the answer true. Every other call, the writer's memo to refresh included, is
 * the writer's.
 */
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *writer, *operator, *state, *value, *holder, *read;
} GuardedWriter;

static PyObject *s_filters;

static int
guarded_traverse(GuardedWriter *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    Py_VISIT(self->writer);
    Py_VISIT(self->operator);
    Py_VISIT(self->state);
    Py_VISIT(self->value);
    Py_VISIT(self->holder);
    Py_VISIT(self->read);
    return 0;
}

static int
guarded_clear(GuardedWriter *self)
{
    Py_CLEAR(self->dict);
    Py_CLEAR(self->writer);
    Py_CLEAR(self->operator);
    Py_CLEAR(self->state);
    Py_CLEAR(self->value);
    Py_CLEAR(self->holder);
    Py_CLEAR(self->read);
    return 0;
}

static void
guarded_dealloc(GuardedWriter *self)
{
    PyObject_GC_UnTrack(self);
    guarded_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* 1 in the common case, 0 where the writer is to decide, -1 on an error. */
static int
common_case(GuardedWriter *self)
{
    PyObject *current;
    if (PyContextVar_Get(self->state, NULL, &current) < 0) {
        return -1;
    }
    int at_value = current == self->value;
    Py_XDECREF(current);
    if (!at_value) {
        return 0;
    }
    /* Read from the module's dict, which a module keeps for life. */
    PyObject *filters = Py_XNewRef(PyDict_GetItemWithError(PyModule_GetDict(self->holder), s_filters));
    if (filters == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    PyObject *read = self->read;
    int common = 0;
    if (PyList_CheckExact(filters) && PyList_GET_ITEM(read, 0) == filters &&
        PyList_GET_ITEM(read, 3) == Py_True && PyLong_CheckExact(PyList_GET_ITEM(read, 1))) {
        Py_ssize_t length = PyList_GET_SIZE(filters);
        PyObject *first = length > 0 ? PyList_GET_ITEM(filters, 0) : Py_None;
        Py_ssize_t known = PyLong_AsSsize_t(PyList_GET_ITEM(read, 1));
        if (known == -1 && PyErr_Occurred()) {
            PyErr_Clear(); /* beyond a Py_ssize_t: no list's length */
        }
        common = known == length && PyList_GET_ITEM(read, 2) == first;
    }
    Py_DECREF(filters);
    return common;
}

static PyObject *
guarded_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    GuardedWriter *self = (GuardedWriter *)op;
    if (PyVectorcall_NARGS(nargsf) == 2 && kwnames == NULL) {
        int common = common_case(self);
        if (common < 0) {
            return NULL;
        }
        if (common) {
            PyObject *written = PyObject_Vectorcall(self->operator, args, 2, NULL);
            if (written == NULL) {
                return NULL;
            }
            Py_DECREF(written);
            Py_RETURN_NONE;
        }
    }
    return PyObject_Vectorcall(self->writer, args, nargsf, kwnames);
}

static PyObject *
guarded_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"writer", "operator", "state", "value", "holder", "read", NULL};
    PyObject *writer, *operator, *state, *value, *holder, *read;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO!OO!O!:GuardedWriter", keywords, &writer, &operator,
                                     &PyContextVar_Type, &state, &value, &PyModule_Type, &holder, &PyList_Type,
                                     &read)) {
        return NULL;
    }
    if (!PyList_CheckExact(read) || PyList_GET_SIZE(read) != 4) {
        PyErr_SetString(PyExc_TypeError, "GuardedWriter: read is the writer's memo, a list of four items");
        return NULL;
    }
    GuardedWriter *self = (GuardedWriter *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->writer = Py_NewRef(writer);
    self->operator = Py_NewRef(operator);
    self->state = Py_NewRef(state);
    self->value = Py_NewRef(value);
    self->holder = Py_NewRef(holder);
    self->read = Py_NewRef(read);
    self->vectorcall = guarded_vectorcall;
    return (PyObject *)self;
}

static PyObject *
guarded_getattro(PyObject *self, PyObject *name)
{
    return getattr_or_python(self, name, ((GuardedWriter *)self)->writer);
}

static PyTypeObject GuardedWriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "polyarray._speedups.GuardedWriter",
    .tp_basicsize = sizeof(GuardedWriter),
    .tp_dealloc = (destructor)guarded_dealloc,
    .tp_vectorcall_offset = offsetof(GuardedWriter, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = guarded_getattro,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "An in-place writer whose common case (a context variable's value, the warning filters as last "
              "read) calls its operator in C; the writer takes every other call.",
    .tp_traverse = (traverseproc)guarded_traverse,
    .tp_clear = (inquiry)guarded_clear,
    .tp_getset = dict_getset,
    .tp_dictoffset = offsetof(GuardedWriter, dict),
    .tp_new = guarded_new,
};

/* -- Dispatcher --------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *qualname;
    PyObject *python;         /* the Python dispatcher */
} Dispatcher;

static int
dispatcher_traverse(Dispatcher *self, visitproc visit, void *arg)
{
    Py_VISIT(self->dict);
    Py_VISIT(self->qualname);
    Py_VISIT(self->python);
    return 0;
}

static int
dispatcher_clear(Dispatcher *self)
{
    Py_CLEAR(self->dict);
    Py_CLEAR(self->qualname);
    Py_CLEAR(self->python);
    return 0;
}

static void
dispatcher_dealloc(Dispatcher *self)
{
    PyObject_GC_UnTrack(self);
    dispatcher_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The backend's function for this declaration (a new reference), looked up on every call as the Python
 * dispatcher does. */
static PyObject *
function_of(Dispatcher *self, PyObject *backend)
{
    return backend_entry(backend, functions_offset, self->qualname);
}

/* _choice.owner_of for one argument, from the cache of types alone: 1 with *owner the backend owning it (borrowed;
 * NULL where it is no array), 0 where the cache cannot tell (a type not met yet, a subclass of pa.Array), -1 on an
 * error. A list or tuple is owned as its first item is. */
static int
argument_owner(PyObject *value, PyObject **owner)
{
    for (int depth = 0; depth < 32; depth++) {
        if (Py_IS_TYPE(value, array_type)) {
            *owner = SLOT(value, backend_offset);
            return *owner != NULL;
        }
        PyObject *cached = PyDict_GetItemWithError(type_owner, (PyObject *)Py_TYPE(value));
        if (cached != NULL) {
            *owner = cached == Py_None ? NULL : cached;
            return 1;
        }
        if (PyErr_Occurred()) {
            return -1;
        }
        if (PyList_CheckExact(value) || PyTuple_CheckExact(value)) {
            if (Py_SIZE(value) == 0) {
                *owner = NULL;
                return 1;
            }
            value = PyList_CheckExact(value) ? PyList_GET_ITEM(value, 0) : PyTuple_GET_ITEM(value, 0);
            continue;
        }
        return 0;
    }
    return 0;
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
            /* The length first: the other keywords of a call are seldom as long, and cost no comparison. */
            if (name == s_backend ||
                (PyUnicode_GET_LENGTH(name) == PyUnicode_GET_LENGTH(s_backend) &&
                 PyUnicode_Compare(name, s_backend) == 0)) {
                goto python;
            }
        }
    }
    /* The context's backend: the top of its stack, or of the process default. */
    if (PyContextVar_Get(stack_var, unset, &stack) < 0) {
        return NULL;
    }
    if (stack == unset) {
        Py_DECREF(stack);
        stack = Py_XNewRef(SLOT(state, stack_offset));
        if (stack == NULL) {
            goto python;
        }
    }
    if (PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) != 0) {
        backend = Py_NewRef(PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1));
    }
    Py_CLEAR(stack);
    if (backend == NULL) {
        /* The backend of the first argument (then keyword value) that is an array, which becomes the implicit
         * backend; with none, the implicit backend: _choice.infer_backend, where every type is known. */
        Py_ssize_t nkwargs = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; backend == NULL && i < nargs + nkwargs; i++) {
            int found = argument_owner(args[i], &backend);
            if (found < 0) {
                return NULL;
            }
            if (found == 0) {
                goto python; /* a type met for the first time, or a subclass of pa.Array: the Python choice */
            }
        }
        if (backend != NULL) {
            Py_INCREF(backend);
            if (SLOT(state, implicit_offset) != backend) {
                Py_XSETREF(SLOT(state, implicit_offset), Py_NewRef(backend));
            }
        }
        else {
            backend = SLOT(state, implicit_offset);
            if (backend == NULL || backend == Py_None) {
                goto python; /* no backend inferred yet: the Python choice resolves NumPy */
            }
            Py_INCREF(backend);
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

python:
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
}

static PyObject *
dispatcher_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"qualname", "python", NULL};
    PyObject *qualname, *python;
    if (!configured()) {
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UO:Dispatcher", keywords, &qualname, &python)) {
        return NULL;
    }
    Dispatcher *self = (Dispatcher *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->vectorcall = dispatcher_vectorcall;
    self->qualname = Py_NewRef(qualname);
    self->python = Py_NewRef(python);
    return (PyObject *)self;
}

static PyObject *
dispatcher_getattro(PyObject *self, PyObject *name)
{
    return getattr_or_python(self, name, ((Dispatcher *)self)->python);
}

static PyObject *
dispatcher_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    /* Pickled by reference, as functions are: the name it is found under in its module. */
    return PyObject_GetAttrString(self, "__name__");
}

static PyObject *
dispatcher_descr_get(PyObject *self, PyObject *instance, PyObject *Py_UNUSED(owner))
{
    /* Bound as the Python dispatcher it stands for is (a function), so help() documents it as a function. */
    if (instance == NULL || instance == Py_None) {
        return Py_NewRef(self);
    }
    return PyMethod_New(self, instance);
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
    .tp_doc = "A public polyarray function whose common calls choose their backend in C.",
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_methods = dispatcher_methods,
    .tp_getset = dict_getset,
    .tp_descr_get = dispatcher_descr_get,
    .tp_dictoffset = offsetof(Dispatcher, dict),
    .tp_new = dispatcher_new,
};

/* -- pa.Array's operators and methods, accelerated in place ------------------------------- */

/*
 * The operators and methods of pa.Array stay Python functions (so PyTorch's compiler, which reads
 * their bytecode, traces them); only their vectorcall entry point is replaced: it calls the
 * array's backend's operator function (Backend.operators[qualname]) with the array and the other
 * operand, in the order the operator says, and hands every other call to the function's own code
 * (the vectorcall Python functions have, saved before it was replaced). The data of each lives in
 * an Accelerated object stored in the function's __dict__.
 */
typedef struct {
    PyObject_HEAD
    PyObject *qualname;
    int reflected; /* the array is the second operand */
    int arity;     /* the positional arguments the function takes (-1: any, with keywords) */
} Accelerated;

static PyObject *s_accelerated;
static vectorcallfunc function_vectorcall = NULL; /* what Python functions are called through */

static int
accelerated_traverse(Accelerated *self, visitproc visit, void *arg)
{
    Py_VISIT(self->qualname);
    return 0;
}

static int
accelerated_clear(Accelerated *self)
{
    Py_CLEAR(self->qualname);
    return 0;
}

static void
accelerated_dealloc(Accelerated *self)
{
    PyObject_GC_UnTrack(self);
    accelerated_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject AcceleratedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "polyarray._speedups.Accelerated",
    .tp_basicsize = sizeof(Accelerated),
    .tp_dealloc = (destructor)accelerated_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "What the compiled entry point of a pa.Array operator reads: the function it calls.",
    .tp_traverse = (traverseproc)accelerated_traverse,
    .tp_clear = (inquiry)accelerated_clear,
};

/* Whether the operators call the backend's function for `other` at once: a number, a pa.Array or a native
 * array of an installed backend (type_owner). Any other operand goes to the Python operator, which returns
 * NotImplemented for what is not an operand (_array.is_operand). */
static int
fast_operand(PyObject *other)
{
    PyTypeObject *type = Py_TYPE(other);
    if (type == &PyFloat_Type || type == &PyLong_Type || type == &PyBool_Type || type == &PyComplex_Type ||
        PyObject_TypeCheck(other, array_type)) {
        return 1;
    }
    PyObject *owner = PyDict_GetItemWithError(type_owner, (PyObject *)type); /* borrowed */
    if (owner == NULL) {
        PyErr_Clear(); /* the Python operator decides */
        return 0;
    }
    return owner != Py_None;
}

static PyObject *
operator_vectorcall(PyObject *function, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *dict = ((PyFunctionObject *)function)->func_dict;
    Accelerated *self = dict == NULL ? NULL : (Accelerated *)PyDict_GetItemWithError(dict, s_accelerated);
    if (self == NULL || !Py_IS_TYPE((PyObject *)self, &AcceleratedType) || nargs < 1 ||
        (self->arity >= 0 && (nargs != self->arity || kwnames != NULL)) || !PyObject_TypeCheck(args[0], array_type)) {
        if (PyErr_Occurred()) {
            return NULL;
        }
        return function_vectorcall(function, args, nargsf, kwnames);
    }
    PyObject *backend = SLOT(args[0], backend_offset);
    if (backend == NULL || (nargs == 2 && !fast_operand(args[1]))) {
        return function_vectorcall(function, args, nargsf, kwnames);
    }
    PyObject *target = backend_entry(backend, operators_offset, self->qualname);
    if (target == NULL) {
        return NULL;
    }
    PyObject *result;
    if (self->reflected) {
        PyObject *swapped[2] = {args[1], args[0]};
        result = PyObject_Vectorcall(target, swapped, 2, NULL);
    }
    else {
        result = PyObject_Vectorcall(target, args, nargs, kwnames);
    }
    Py_DECREF(target);
    return result;
}

static PyObject *
accelerate_operator(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"function", "qualname", "reflected", NULL};
    PyObject *function, *qualname;
    int reflected;
    if (!configured()) {
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!Up:accelerate_operator", keywords, &PyFunction_Type, &function,
                                     &qualname, &reflected)) {
        return NULL;
    }
    vectorcallfunc current = ((PyFunctionObject *)function)->vectorcall;
    if (current == operator_vectorcall) {
        Py_RETURN_NONE; /* accelerated already */
    }
    if (function_vectorcall == NULL) {
        function_vectorcall = current;
    }
    else if (current != function_vectorcall) {
        PyErr_SetString(PyExc_TypeError, "accelerate_operator: the function is not called like other functions");
        return NULL;
    }
    Accelerated *data = PyObject_GC_New(Accelerated, &AcceleratedType);
    if (data == NULL) {
        return NULL;
    }
    data->qualname = Py_NewRef(qualname);
    data->reflected = reflected;
    /* A function of fixed positional parameters (an operator) gets only such calls; its code raises for others. */
    PyCodeObject *code = (PyCodeObject *)PyFunction_GET_CODE(function);
    data->arity = code->co_flags & (CO_VARARGS | CO_VARKEYWORDS) ? -1 : code->co_argcount;
    PyObject_GC_Track(data);
    int failed = PyObject_SetAttr(function, s_accelerated, (PyObject *)data);
    Py_DECREF(data);
    if (failed < 0) {
        return NULL;
    }
#if PY_VERSION_HEX >= 0x030C0000
    PyFunction_SetVectorcall((PyFunctionObject *)function, operator_vectorcall);
#else
    ((PyFunctionObject *)function)->vectorcall = operator_vectorcall;
#endif
    Py_RETURN_NONE;
}

/*
 * pa.Array's subscript slot (array[key]). CPython calls a class's Python __getitem__ from the slot
 * without a vectorcall entry point to replace (and its interpreter inlines that call), so the slot
 * itself is replaced: where the array's backend indexes its native arrays directly
 * (Backend.direct_index_type, the native type such indexing gives, or None) and the key is made of
 * plain ints, slices, None and ... only, the result is data[key] wrapped, as the direct branch of the
 * backend's getitem (_wrappers/views.py make_getitem) gives it. A key that is one native array, or one
 * pa.Array of the same backend over one (an index array, a mask), indexes the data as the framework's
 * own get_item does in that getitem's other branch, where it gives a native array. Every other call,
 * and every call whose indexing raises or gives another type, goes to the slot it replaced, which calls
 * __getitem__ (and indexes again). Assigning Array.__getitem__ restores CPython's own slot.
 */
static binaryfunc python_subscript = NULL;

static inline int
is_plain_part(PyObject *part)
{
    return PyLong_CheckExact(part) || Py_IS_TYPE(part, &PySlice_Type) || part == Py_None || part == Py_Ellipsis;
}

/* Whether `value.shape == ()` (an error reading it counts as no). */
static int
zero_dimensional(PyObject *value)
{
    PyObject *shape = PyObject_GetAttr(value, s_shape);
    if (shape == NULL) {
        PyErr_Clear();
        return 0;
    }
    int empty = PyTuple_CheckExact(shape) && PyTuple_GET_SIZE(shape) == 0;
    Py_DECREF(shape);
    return empty;
}

/* (*key, ...) for a tuple key, else (key, ...). */
static PyObject *
with_ellipsis(PyObject *key)
{
    if (!PyTuple_CheckExact(key)) {
        return PyTuple_Pack(2, key, Py_Ellipsis);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(key);
    PyObject *extended = PyTuple_New(n + 1);
    if (extended == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyTuple_SET_ITEM(extended, i, Py_NewRef(PyTuple_GET_ITEM(key, i)));
    }
    PyTuple_SET_ITEM(extended, n, Py_NewRef(Py_Ellipsis));
    return extended;
}

static PyObject *
array_subscript(PyObject *self, PyObject *key)
{
    if (!Py_IS_TYPE(self, array_type)) {
        return python_subscript(self, key);
    }
    PyObject *backend = SLOT(self, backend_offset), *data = SLOT(self, data_offset);
    if (backend == NULL || data == NULL || !PyObject_TypeCheck(backend, backend_type)) {
        return python_subscript(self, key);
    }
    PyObject *native_type = SLOT(backend, index_type_offset);
    if (native_type == NULL || native_type == Py_None) {
        return python_subscript(self, key);
    }
    PyObject *index = key;
    if (Py_IS_TYPE(key, array_type)) {
        /* An index array or mask of the same backend: its data indexes, as native_key gives it. */
        index = SLOT(key, data_offset);
        if (SLOT(key, backend_offset) != backend || index == NULL || (PyObject *)Py_TYPE(index) != native_type) {
            return python_subscript(self, key);
        }
    }
    else if (PyTuple_CheckExact(key)) {
        int ellipses = 0;
        for (Py_ssize_t i = 0, n = PyTuple_GET_SIZE(key); i < n; i++) {
            PyObject *part = PyTuple_GET_ITEM(key, i);
            /* A second ... goes to __getitem__, which raises NumPy's error (PyTorch would take it). */
            if (!is_plain_part(part) || (part == Py_Ellipsis && ++ellipses > 1)) {
                return python_subscript(self, key);
            }
        }
    }
    else if (!PyLong_CheckExact(key) && !Py_IS_TYPE(key, &PySlice_Type) && (PyObject *)Py_TYPE(key) != native_type) {
        return python_subscript(self, key);
    }
    PyObject *result = PyObject_GetItem(data, index);
    if (result != NULL && index == key && (PyObject *)Py_TYPE(key) != native_type &&
        (PyObject *)Py_TYPE(result) != native_type && zero_dimensional(result)) {
        /* A scalar for an integer per axis (NumPy): the same key with ... gives the 0-d view. */
        Py_SETREF(result, NULL);
        PyObject *extended = with_ellipsis(key);
        if (extended != NULL) {
            result = PyObject_GetItem(data, extended);
            Py_DECREF(extended);
        }
    }
    if (result == NULL || (PyObject *)Py_TYPE(result) != native_type) {
        if (result == NULL) {
            PyErr_Clear(); /* __getitem__ raises the error, translated */
        }
        Py_XDECREF(result);
        return python_subscript(self, key);
    }
    return new_array(result, backend);
}

static PyObject *
accelerate_getitem(PyObject *module, PyObject *Py_UNUSED(ignored))
{
    if (!configured()) {
        return NULL;
    }
    PyMappingMethods *mapping = array_type->tp_as_mapping;
    if (mapping == NULL || mapping->mp_subscript == NULL) {
        PyErr_SetString(PyExc_TypeError, "accelerate_getitem: pa.Array has no __getitem__");
        return NULL;
    }
    if (mapping->mp_subscript != array_subscript) {
        python_subscript = mapping->mp_subscript;
        mapping->mp_subscript = array_subscript;
    }
    Py_RETURN_NONE;
}

/* -- pa.Array's deallocation -------------------------------------------------------------- */

/*
 * pa.Array's tp_dealloc, replaced (accelerate_dealloc). CPython's generic one for a class defined in Python
 * (subtype_dealloc) asks on every call what the class has -- finalizers, a dict, which of its bases' slots to
 * clear -- where pa.Array has weak references and object slots alone. This one untracks the array, clears its
 * weak references and its slots (each T_OBJECT_EX member of the class, read once, as subtype_dealloc's
 * clear_slots clears them), frees it and releases its class, which every instance of a class defined in Python
 * holds. A subclass's instance reaches it from the subclass's own subtype_dealloc, which runs the subclass's
 * finalizer, clears what the subclass added (its slots, a dict) and calls the nearest base's dealloc, this one:
 * the same steps hold, the reference released being to the subclass. A finalizer given to pa.Array itself
 * (Array.__del__ = ...) runs first, as subtype_dealloc runs it.
 */
#define MAX_ARRAY_SLOTS 8
static Py_ssize_t array_slots[MAX_ARRAY_SLOTS]; /* the offsets of pa.Array's object slots */
static int narray_slots = -1;

static void
array_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (type == array_type && array_type->tp_finalize != NULL) {
        PyObject_GC_Track(self); /* the finalizer may resurrect the array, which the collector then tracks */
        if (PyObject_CallFinalizerFromDealloc(self) < 0) {
            return;
        }
        PyObject_GC_UnTrack(self);
    }
    /* A weak reference list in a slot is read first; one CPython keeps itself (a negative offset) is its to clear. */
    Py_ssize_t weaklist = type->tp_weaklistoffset;
    if (weaklist <= 0 || *(PyObject **)((char *)self + weaklist) != NULL) {
        PyObject_ClearWeakRefs(self);
    }
    /* No trashcan: a chain of arrays runs through the tuple of a view's _view, whose deallocator has one. */
    for (int i = 0; i < narray_slots; i++) {
        Py_CLEAR(*(PyObject **)((char *)self + array_slots[i]));
    }
    if (type == array_type && array_freelist_count < ARRAY_FREELIST_SIZE) {
        array_freelist[array_freelist_count++] = self;
    }
    else {
        type->tp_free(self);
    }
    Py_DECREF(type);
}

static PyObject *
accelerate_dealloc(PyObject *module, PyObject *Py_UNUSED(ignored))
{
    if (!configured()) {
        return NULL;
    }
    if (!(array_type->tp_flags & Py_TPFLAGS_HEAPTYPE) || !(array_type->tp_flags & Py_TPFLAGS_HAVE_GC) ||
        array_type->tp_dictoffset != 0 || array_type->tp_del != NULL || array_type->tp_base != &PyBaseObject_Type) {
        PyErr_SetString(PyExc_TypeError,
                        "accelerate_dealloc: pa.Array is not a class of slots alone, defined in Python on object");
        return NULL;
    }
    if (array_type->tp_dealloc == array_dealloc) {
        Py_RETURN_NONE;
    }
    int count = 0;
    for (PyMemberDef *member = array_type->tp_members; member != NULL && member->name != NULL; member++) {
        if (member->type == T_OBJECT_EX && !(member->flags & READONLY)) {
            if (count == MAX_ARRAY_SLOTS) {
                PyErr_SetString(PyExc_TypeError, "accelerate_dealloc: pa.Array has more slots than it holds");
                return NULL;
            }
            array_slots[count++] = member->offset;
        }
    }
    narray_slots = count;
    array_type->tp_dealloc = array_dealloc;
    Py_RETURN_NONE;
}

/*
 * pa.Array's number and comparison slots (x + y, -x, x < y ...). CPython calls a class's Python
 * operators from generic slots that look the method up on every call; these slots call the
 * array's backend.operators[qualname] directly, as the Python operators do (_array.py), for an
 * operand of exactly pa.Array. Any other call -- an operand of a subclass, an array without a
 * backend, pow() with a modulus -- follows CPython's own rules for the generic slots (the
 * operand of a subclass that overrides the reflected method goes first, NotImplemented hands
 * the call to the other operand) and calls the methods found on the operands' classes. The
 * slots are installed on pa.Array and on each subclass whose slot is still CPython's generic
 * one, so that an operation mixing them is decided here once. Assigning an operator to the
 * class (Array.__add__ = ...) restores CPython's own slot. The in-place slots (x += y ...)
 * call the array's backend.inplace[method] so, and the class's method otherwise.
 */

#define NUMBER_SLOT(type, offset) (*(void **)((char *)(type)->tp_as_number + (offset)))

typedef struct {
    const char *method;    /* the method the slot calls: "__add__" */
    const char *reflected; /* its reflected method ("__radd__"); NULL for a unary or in-place slot */
    size_t offset;         /* the slot in PyNumberMethods */
    void *fast;            /* the compiled slot */
    void *generic;         /* CPython's slot it replaced */
    PyObject *name, *rname; /* interned at import */
    PyObject *qualname;     /* backend.operators[qualname]; set by accelerate_slots before the slot is installed */
    int inplace;            /* x op= y: the slot calls backend.inplace[method] */
} NumberSlot;

#define NUMBER_SLOTS 30
static NumberSlot number_slots[NUMBER_SLOTS];
static PyObject *comparison_names[6];     /* "__lt__" ... by Py_LT ... */
static PyObject *comparison_qualnames[6]; /* "less" ... */
static richcmpfunc generic_richcompare = NULL;

/* The attribute `name` found along type's MRO, unbound (a new reference), or NULL (none, or an error). */
static PyObject *
type_lookup(PyTypeObject *type, PyObject *name)
{
    PyObject *mro = type->tp_mro;
    if (mro == NULL || !PyTuple_Check(mro)) {
        return NULL;
    }
    for (Py_ssize_t i = 0, n = PyTuple_GET_SIZE(mro); i < n; i++) {
#if PY_VERSION_HEX >= 0x030C0000
        PyObject *dict = PyType_GetDict((PyTypeObject *)PyTuple_GET_ITEM(mro, i));
#else
        PyObject *dict = Py_XNewRef(((PyTypeObject *)PyTuple_GET_ITEM(mro, i))->tp_dict);
#endif
        if (dict == NULL) {
            continue;
        }
        PyObject *found = PyDict_GetItemWithError(dict, name);
        Py_XINCREF(found);
        Py_DECREF(dict);
        if (found != NULL || PyErr_Occurred()) {
            return found;
        }
    }
    return NULL;
}

/* type(self).<name> called with self and `rest`, as CPython's generic slots call a method: NotImplemented
 * where the class has none (an AttributeError where `required`). */
static PyObject *
call_method(PyObject *self, PyObject *name, PyObject *const *rest, Py_ssize_t nrest, int required)
{
    PyObject *found = type_lookup(Py_TYPE(self), name);
    if (found == NULL) {
        if (PyErr_Occurred()) {
            return NULL;
        }
        if (required) {
            PyErr_SetObject(PyExc_AttributeError, name);
            return NULL;
        }
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *stack[4];
    PyObject *result;
    if (PyType_HasFeature(Py_TYPE(found), Py_TPFLAGS_METHOD_DESCRIPTOR)) {
        stack[0] = self;
        for (Py_ssize_t i = 0; i < nrest; i++) {
            stack[i + 1] = rest[i];
        }
        result = PyObject_Vectorcall(found, stack, nrest + 1, NULL);
    }
    else {
        descrgetfunc get = Py_TYPE(found)->tp_descr_get;
        PyObject *bound = get == NULL ? Py_NewRef(found) : get(found, self, (PyObject *)Py_TYPE(self));
        result = bound == NULL ? NULL : PyObject_Vectorcall(bound, rest, nrest, NULL);
        Py_XDECREF(bound);
    }
    Py_DECREF(found);
    return result;
}

/* backend.operators[qualname](*args) for `array`'s backend. */
static PyObject *
call_operator(PyObject *array, PyObject *qualname, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *target = backend_entry(SLOT(array, backend_offset), operators_offset, qualname);
    if (target == NULL) {
        return NULL;
    }
    PyObject *result = PyObject_Vectorcall(target, args, nargs, NULL);
    Py_DECREF(target);
    return result;
}

/* Whether `array` is exactly a pa.Array with a backend: its operators are the class's own. */
static inline int
plain_array(PyObject *array)
{
    return Py_IS_TYPE(array, array_type) && SLOT(array, backend_offset) != NULL;
}

static inline int
slot_is(PyTypeObject *type, const NumberSlot *slot)
{
    return type->tp_as_number != NULL && NUMBER_SLOT(type, slot->offset) == slot->fast;
}

/* Whether `right` overrides `name` of `left` (CPython's method_is_overloaded). */
static int
method_is_overloaded(PyTypeObject *left, PyTypeObject *right, PyObject *name)
{
    PyObject *b = PyObject_GetAttr((PyObject *)right, name);
    if (b == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            return -1;
        }
        PyErr_Clear();
        return 0;
    }
    PyObject *a = PyObject_GetAttr((PyObject *)left, name);
    if (a == NULL) {
        Py_DECREF(b);
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            return -1;
        }
        PyErr_Clear();
        return 1;
    }
    int overloaded = PyObject_RichCompareBool(a, b, Py_NE);
    Py_DECREF(a);
    Py_DECREF(b);
    return overloaded;
}

/* a <op> b where the class of `self` defines the method (reflected: b is self). */
static PyObject *
binary_method(const NumberSlot *slot, PyObject *self, PyObject *other, int reflected)
{
    if (plain_array(self) && fast_operand(other)) {
        PyObject *args[2] = {reflected ? other : self, reflected ? self : other};
        return call_operator(self, slot->qualname, args, 2);
    }
    return call_method(self, reflected ? slot->rname : slot->name, &other, 1, 0);
}

static PyObject *
binary_slot(const NumberSlot *slot, PyObject *a, PyObject *b)
{
    PyTypeObject *ta = Py_TYPE(a), *tb = Py_TYPE(b);
    if (plain_array(a) && (ta == tb || !slot_is(tb, slot))) {
        return binary_method(slot, a, b, 0);
    }
    if (plain_array(b) && !slot_is(ta, slot)) {
        return binary_method(slot, b, a, 1);
    }
    /* CPython's generic binary slot (SLOT1BINFULL in typeobject.c). */
    int do_other = ta != tb && slot_is(tb, slot);
    if (slot_is(ta, slot)) {
        if (do_other && PyType_IsSubtype(tb, ta)) {
            int overloaded = method_is_overloaded(ta, tb, slot->rname);
            if (overloaded < 0) {
                return NULL;
            }
            if (overloaded) {
                PyObject *result = binary_method(slot, b, a, 1);
                if (result != Py_NotImplemented) {
                    return result;
                }
                Py_DECREF(result);
                do_other = 0;
            }
        }
        PyObject *result = binary_method(slot, a, b, 0);
        if (result != Py_NotImplemented || ta == tb) {
            return result;
        }
        Py_DECREF(result);
    }
    if (do_other) {
        return binary_method(slot, b, a, 1);
    }
    Py_RETURN_NOTIMPLEMENTED;
}

static PyObject *
unary_slot(const NumberSlot *slot, PyObject *a)
{
    if (plain_array(a)) {
        return call_operator(a, slot->qualname, &a, 1);
    }
    return call_method(a, slot->name, NULL, 0, 1);
}

/* x op= y: backend.inplace[method](x, y) for x exactly a pa.Array and y an operand the operators take at once,
 * as the Python method does (_array.py _inplace); else the method of x's class, as CPython's generic slot
 * calls it (NotImplemented, where it declines, has CPython compute x op y instead). */
static PyObject *
inplace_slot(const NumberSlot *slot, PyObject *a, PyObject *b)
{
    if (plain_array(a) && fast_operand(b)) {
        PyObject *target = backend_entry(SLOT(a, backend_offset), inplace_offset, slot->name);
        if (target == NULL) {
            return NULL;
        }
        PyObject *args[2] = {a, b};
        PyObject *result = PyObject_Vectorcall(target, args, 2, NULL);
        Py_DECREF(target);
        return result;
    }
    return call_method(a, slot->name, &b, 1, 0);
}

#define BINARY_SLOT(index)                                                                                          \
    static PyObject *binary_slot_##index(PyObject *a, PyObject *b) { return binary_slot(&number_slots[index], a, b); }
#define INPLACE_SLOT(index)                                                                                         \
    static PyObject *inplace_slot_##index(PyObject *a, PyObject *b) { return inplace_slot(&number_slots[index], a, b); }
#define UNARY_SLOT(index)                                                                                           \
    static PyObject *unary_slot_##index(PyObject *a) { return unary_slot(&number_slots[index], a); }

BINARY_SLOT(0)
BINARY_SLOT(1)
BINARY_SLOT(2)
BINARY_SLOT(3)
BINARY_SLOT(4)
BINARY_SLOT(5)
BINARY_SLOT(6)
BINARY_SLOT(7)
BINARY_SLOT(8)
BINARY_SLOT(9)
BINARY_SLOT(10)
BINARY_SLOT(11)
UNARY_SLOT(13)
UNARY_SLOT(14)
UNARY_SLOT(15)
UNARY_SLOT(16)
INPLACE_SLOT(17)
INPLACE_SLOT(18)
INPLACE_SLOT(19)
INPLACE_SLOT(20)
INPLACE_SLOT(21)
INPLACE_SLOT(22)
INPLACE_SLOT(23)
INPLACE_SLOT(24)
INPLACE_SLOT(25)
INPLACE_SLOT(26)
INPLACE_SLOT(27)
INPLACE_SLOT(28)

#define POWER 12
#define INPLACE_POWER 29

/* x **= y: CPython's generic slot calls __ipow__(y), whatever the (absent) modulus. */
static PyObject *
inplace_power_slot(PyObject *a, PyObject *b, PyObject *Py_UNUSED(modulus))
{
    return inplace_slot(&number_slots[INPLACE_POWER], a, b);
}

/* x ** y, and pow(x, y, modulus), which CPython gives to the first operand's __pow__ alone. */
static PyObject *
power_slot(PyObject *a, PyObject *b, PyObject *modulus)
{
    const NumberSlot *slot = &number_slots[POWER];
    if (modulus == Py_None) {
        return binary_slot(slot, a, b);
    }
    if (!slot_is(Py_TYPE(a), slot)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *rest[2] = {b, modulus};
    return call_method(a, slot->name, rest, 2, 0);
}

static NumberSlot number_slots[NUMBER_SLOTS] = {
    {"__add__", "__radd__", offsetof(PyNumberMethods, nb_add), binary_slot_0},
    {"__sub__", "__rsub__", offsetof(PyNumberMethods, nb_subtract), binary_slot_1},
    {"__mul__", "__rmul__", offsetof(PyNumberMethods, nb_multiply), binary_slot_2},
    {"__truediv__", "__rtruediv__", offsetof(PyNumberMethods, nb_true_divide), binary_slot_3},
    {"__floordiv__", "__rfloordiv__", offsetof(PyNumberMethods, nb_floor_divide), binary_slot_4},
    {"__mod__", "__rmod__", offsetof(PyNumberMethods, nb_remainder), binary_slot_5},
    {"__matmul__", "__rmatmul__", offsetof(PyNumberMethods, nb_matrix_multiply), binary_slot_6},
    {"__and__", "__rand__", offsetof(PyNumberMethods, nb_and), binary_slot_7},
    {"__or__", "__ror__", offsetof(PyNumberMethods, nb_or), binary_slot_8},
    {"__xor__", "__rxor__", offsetof(PyNumberMethods, nb_xor), binary_slot_9},
    {"__lshift__", "__rlshift__", offsetof(PyNumberMethods, nb_lshift), binary_slot_10},
    {"__rshift__", "__rrshift__", offsetof(PyNumberMethods, nb_rshift), binary_slot_11},
    {"__pow__", "__rpow__", offsetof(PyNumberMethods, nb_power), power_slot},
    {"__neg__", NULL, offsetof(PyNumberMethods, nb_negative), unary_slot_13},
    {"__pos__", NULL, offsetof(PyNumberMethods, nb_positive), unary_slot_14},
    {"__abs__", NULL, offsetof(PyNumberMethods, nb_absolute), unary_slot_15},
    {"__invert__", NULL, offsetof(PyNumberMethods, nb_invert), unary_slot_16},
    {"__iadd__", NULL, offsetof(PyNumberMethods, nb_inplace_add), inplace_slot_17, .inplace = 1},
    {"__isub__", NULL, offsetof(PyNumberMethods, nb_inplace_subtract), inplace_slot_18, .inplace = 1},
    {"__imul__", NULL, offsetof(PyNumberMethods, nb_inplace_multiply), inplace_slot_19, .inplace = 1},
    {"__itruediv__", NULL, offsetof(PyNumberMethods, nb_inplace_true_divide), inplace_slot_20, .inplace = 1},
    {"__ifloordiv__", NULL, offsetof(PyNumberMethods, nb_inplace_floor_divide), inplace_slot_21, .inplace = 1},
    {"__imod__", NULL, offsetof(PyNumberMethods, nb_inplace_remainder), inplace_slot_22, .inplace = 1},
    {"__imatmul__", NULL, offsetof(PyNumberMethods, nb_inplace_matrix_multiply), inplace_slot_23, .inplace = 1},
    {"__iand__", NULL, offsetof(PyNumberMethods, nb_inplace_and), inplace_slot_24, .inplace = 1},
    {"__ior__", NULL, offsetof(PyNumberMethods, nb_inplace_or), inplace_slot_25, .inplace = 1},
    {"__ixor__", NULL, offsetof(PyNumberMethods, nb_inplace_xor), inplace_slot_26, .inplace = 1},
    {"__ilshift__", NULL, offsetof(PyNumberMethods, nb_inplace_lshift), inplace_slot_27, .inplace = 1},
    {"__irshift__", NULL, offsetof(PyNumberMethods, nb_inplace_rshift), inplace_slot_28, .inplace = 1},
    {"__ipow__", NULL, offsetof(PyNumberMethods, nb_inplace_power), inplace_power_slot, .inplace = 1},
};

static const char *comparison_methods[6] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};

static PyObject *
array_richcompare(PyObject *self, PyObject *other, int op)
{
    if (plain_array(self) && fast_operand(other)) {
        PyObject *args[2] = {self, other};
        return call_operator(self, comparison_qualnames[op], args, 2);
    }
    return call_method(self, comparison_names[op], &other, 1, 0);
}

/* Our slots on `type` where it has CPython's generic ones (pa.Array, or a subclass). */
static void
install_slots(PyTypeObject *type)
{
    if (type->tp_as_number != NULL) {
        for (int i = 0; i < NUMBER_SLOTS; i++) {
            if (number_slots[i].generic != NULL && NUMBER_SLOT(type, number_slots[i].offset) == number_slots[i].generic) {
                NUMBER_SLOT(type, number_slots[i].offset) = number_slots[i].fast;
            }
        }
    }
    if (generic_richcompare != NULL && type->tp_richcompare == generic_richcompare) {
        type->tp_richcompare = array_richcompare;
    }
}

/* qualnames[name] (a new reference); a TypeError where the dict names no function for the method. */
static PyObject *
named_operator(PyObject *qualnames, PyObject *name)
{
    PyObject *qualname = PyDict_GetItemWithError(qualnames, name);
    if (qualname == NULL && !PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "accelerate_slots: qualnames names no function for %U", name);
    }
    return Py_XNewRef(qualname);
}

static PyObject *
accelerate_slots(PyObject *module, PyObject *qualnames)
{
    if (!configured()) {
        return NULL;
    }
    if (!PyDict_Check(qualnames)) {
        PyErr_SetString(PyExc_TypeError, "accelerate_slots: a dict of method name -> operator qualname is expected");
        return NULL;
    }
    if (array_type->tp_as_number == NULL) {
        PyErr_SetString(PyExc_TypeError, "accelerate_slots: pa.Array has no number slots");
        return NULL;
    }
    /* Every function is named before any slot is installed: an installed slot always has its qualname. */
    PyObject *named[NUMBER_SLOTS + 6];
    for (int i = 0; i < NUMBER_SLOTS + 6; i++) {
        PyObject *name = i < NUMBER_SLOTS ? number_slots[i].name : comparison_names[i - NUMBER_SLOTS];
        /* An in-place slot calls backend.inplace[its method name]. */
        named[i] = i < NUMBER_SLOTS && number_slots[i].inplace ? Py_NewRef(name) : named_operator(qualnames, name);
        if (named[i] == NULL) {
            while (--i >= 0) {
                Py_DECREF(named[i]);
            }
            return NULL;
        }
    }
    for (int i = 0; i < NUMBER_SLOTS; i++) {
        NumberSlot *slot = &number_slots[i];
        Py_XSETREF(slot->qualname, named[i]);
        void *current = NUMBER_SLOT(array_type, slot->offset);
        if (current != slot->fast) {
            slot->generic = current;
        }
    }
    for (int op = 0; op < 6; op++) {
        Py_XSETREF(comparison_qualnames[op], named[NUMBER_SLOTS + op]);
    }
    if (array_type->tp_richcompare != array_richcompare) {
        generic_richcompare = array_type->tp_richcompare;
    }
    install_slots(array_type);
    Py_RETURN_NONE;
}

/* The methods of `cls` whose slots are the compiled ones, in the order of number_slots, then comparisons. */
static PyObject *
compiled_slots(PyObject *module, PyObject *cls)
{
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "compiled_slots: a class is expected");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)cls;
    PyObject *names = PyList_New(0);
    for (int i = 0; names != NULL && i < NUMBER_SLOTS; i++) {
        if (slot_is(type, &number_slots[i]) &&
            PyList_Append(names, number_slots[i].name) < 0) {
            Py_CLEAR(names);
        }
    }
    for (int op = 0; names != NULL && op < 6; op++) {
        if (type->tp_richcompare == array_richcompare &&
            PyList_Append(names, comparison_names[op]) < 0) {
            Py_CLEAR(names);
        }
    }
    return names;
}

static PyObject *
accelerate_subclass(PyObject *module, PyObject *cls)
{
    if (!configured()) {
        return NULL;
    }
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, array_type)) {
        PyErr_SetString(PyExc_TypeError, "accelerate_subclass: a subclass of pa.Array is expected");
        return NULL;
    }
    if (generic_richcompare != NULL) {
        install_slots((PyTypeObject *)cls);
    }
    Py_RETURN_NONE;
}

/* -- the registry of dynamic arrays ------------------------------------------------------- */

/* The object a weak reference points to (a new reference), or NULL when it died. */
static PyObject *
referent(PyObject *ref)
{
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *object = NULL;
    if (PyWeakref_GetRef(ref, &object) < 0) {
        PyErr_Clear();
        return NULL;
    }
    return object;
#else
    PyObject *object = PyWeakref_GetObject(ref);
    return object == Py_None ? NULL : Py_NewRef(object);
#endif
}

/*
 * prune(refs): _registry._prune for the registry of arrays, in C. Keeps one reference per array
 * that is alive and still flagged dynamic (its _dynamic slot True), in order, and returns the
 * length to prune at next: max(1024, 2 * kept). References appended while it runs cannot be:
 * it holds the GIL and calls no Python code.
 */
static PyObject *
prune(PyObject *module, PyObject *refs)
{
    if (!configured()) {
        return NULL;
    }
    if (!PyList_CheckExact(refs)) {
        PyErr_SetString(PyExc_TypeError, "prune: a list of weak references is expected");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(refs), kept = 0, capacity = 1;
    while (capacity < 2 * count + 2) {
        capacity *= 2;
    }
    PyObject **seen = PyMem_Calloc((size_t)capacity, sizeof(PyObject *));
    if (seen == NULL) {
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *ref = PyList_GET_ITEM(refs, i);
        PyObject *object = PyWeakref_Check(ref) ? referent(ref) : NULL;
        int keep = object != NULL && PyObject_TypeCheck(object, array_type) && SLOT(object, dynamic_offset) == Py_True;
        if (keep) {
            /* One reference per object: a set of the objects seen, by address. */
            size_t slot = ((size_t)object >> 4) & (size_t)(capacity - 1);
            while (seen[slot] != NULL && seen[slot] != object) {
                slot = (slot + 1) & (size_t)(capacity - 1);
            }
            keep = seen[slot] == NULL;
            seen[slot] = object;
        }
        Py_XDECREF(object); /* the list keeps nothing alive but the references themselves */
        if (keep) {
            PyObject *previous = PyList_GET_ITEM(refs, kept);
            PyList_SET_ITEM(refs, kept, ref);
            PyList_SET_ITEM(refs, i, previous);
            kept++;
        }
    }
    PyMem_Free(seen);
    if (PyList_SetSlice(refs, kept, count, NULL) < 0) {
        return NULL;
    }
    return PyLong_FromSsize_t(kept * 2 > 1024 ? kept * 2 : 1024);
}

/* -- the module --------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "configure(settings, state, stack_var, unset, type_owner, array_type, shape_type, error, track, registry): "
     "the objects the fast paths read; called once, before the first fast path is made."},
    {"prune", prune, METH_O,
     "prune(refs): drop the references to arrays that died or are no longer dynamic; the length to prune at "
     "next (polyarray._registry._prune, compiled)."},
    {"accelerate_operator", (PyCFunction)(void (*)(void))accelerate_operator, METH_VARARGS | METH_KEYWORDS,
     "accelerate_operator(function, qualname, reflected): have the pa.Array operator `function` call its "
     "array's backend.operators[qualname] in C (the array second where reflected); its code runs otherwise."},
    {"accelerate_slots", accelerate_slots, METH_O,
     "accelerate_slots(qualnames): give pa.Array number and comparison slots that call its backend.operators["
     "qualnames[method]] in C for operands of exactly pa.Array, and follow CPython's rules otherwise."},
    {"accelerate_subclass", accelerate_subclass, METH_O,
     "accelerate_subclass(cls): the slots of accelerate_slots on a subclass of pa.Array, where its own are "
     "CPython's generic ones."},
    {"compiled_slots", compiled_slots, METH_O,
     "compiled_slots(cls): the operator methods of cls whose slots are accelerate_slots' (a list of names)."},
    {"accelerate_dealloc", accelerate_dealloc, METH_NOARGS,
     "accelerate_dealloc(): give pa.Array a deallocator for its weak references and slots alone, in place of "
     "CPython's generic one for classes defined in Python."},
    {"accelerate_getitem", accelerate_getitem, METH_NOARGS,
     "accelerate_getitem(): have pa.Array's subscript index directly in C where its backend's "
     "direct_index_type and the key allow; Array.__getitem__ runs otherwise."},
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
    if (intern(&s_dtype, "dtype") < 0 || intern(&s_ndim, "ndim") < 0 || intern(&s_backend, "backend") < 0 ||
        intern(&s_shape, "shape") < 0 || intern(&s_filters, "filters") < 0 ||
        intern(&s_accelerated, "__polyarray_accelerated__") < 0) {
        return NULL;
    }
    for (int i = 0; i < NUMBER_SLOTS; i++) {
        if (intern(&number_slots[i].name, number_slots[i].method) < 0 ||
            (number_slots[i].reflected != NULL && intern(&number_slots[i].rname, number_slots[i].reflected) < 0)) {
            return NULL;
        }
    }
    for (int op = 0; op < 6; op++) {
        if (intern(&comparison_names[op], comparison_methods[op]) < 0) {
            return NULL;
        }
    }
    if (PyType_Ready(&SettingsType) < 0 || PyType_Ready(&FastFunctionType) < 0 || PyType_Ready(&DispatcherType) < 0 ||
        PyType_Ready(&AcceleratedType) < 0 || PyType_Ready(&GuardedWriterType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&speedups_module);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddObject(module, "Settings", Py_NewRef(&SettingsType)) < 0 ||
        PyModule_AddObject(module, "FastFunction", Py_NewRef(&FastFunctionType)) < 0 ||
        PyModule_AddObject(module, "Dispatcher", Py_NewRef(&DispatcherType)) < 0 ||
        PyModule_AddObject(module, "GuardedWriter", Py_NewRef(&GuardedWriterType)) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
