/* Calls a function the driver does not provide. */
int loom_missing_function(int);
int loom_test_calls_missing(int x) { return loom_missing_function(x) + 1; }
