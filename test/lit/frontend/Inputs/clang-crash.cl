  size_t n = get_local_size(0) * 2;
  size_t l = get_local_id(0);
  block[l] = b;
  block[n - 1 - l] = a;