kernel void k(global int *p) { int x = 1.5e40; p[get_global_id(0)] = x; }
