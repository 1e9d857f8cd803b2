// A stand-in Lambda whose module fails to load (an error at top level, as a
// bad import or a missing setting would): every invocation fails at init.
throw new Error('this module fails while it loads');
