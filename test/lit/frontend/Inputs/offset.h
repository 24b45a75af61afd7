#define OFFSET 0
