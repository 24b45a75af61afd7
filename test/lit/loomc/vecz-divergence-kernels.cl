// The e2e suite VeczDivergence checks Vecz's control-flow conversion by
// running the kernels of vecz_divergence.cl at widths 4, 8 and 16: that
// shows something only while each of them is vectorized at each width,
// which this test holds to (a kernel falling back to scalar would pass
// there unnoticed).
// RUN: loomc -cl-wfv=always -vecz-width=4 -Rpass-missed=vecz %S/../../e2e/kernels/vecz_divergence.cl -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE %s
// RUN: loomc -cl-wfv=always -vecz-width=8 -vecz-interleave=1 -Rpass-missed=vecz %S/../../e2e/kernels/vecz_divergence.cl -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE %s
// RUN: loomc -cl-wfv=always -vecz-width=16 -Rpass-missed=vecz %S/../../e2e/kernels/vecz_divergence.cl -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE %s
// RUN: loomc -cl-wfv=always -vecz-width=8 -vecz-layout=scalarized -Rpass-missed=vecz %S/../../e2e/kernels/vecz_divergence.cl -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE %s
// NONE-NOT: remark
// RUN: loomc -cl-wfv=always -vecz-width=8 -Rpass=vecz %S/../../e2e/kernels/vecz_divergence.cl -o %t.o 2>&1 | FileCheck --check-prefix=DONE %s
// DONE-COUNT-25: vectorized at width 8
// DONE-NOT: vectorized at width
