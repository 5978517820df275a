/* The breakpoint test target: plain C built with cc, no instrumentation. */
#include <signal.h>
#include <stdlib.h>

__attribute__((noinline)) int toy_classify(int x) {
  if (x < 0) return -1;
  if (x == 0) return 0;
  if (x % 2 == 0) {
    if (x > 100) return 4;
    return 2;
  }
  if (x % 3 == 0) return 3;
  return 1;
}

__attribute__((noinline)) int toy_sum(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i % 3 ? i : -i;
  return s;
}

int toy_crash(int x) {
  if (x == 42) {
    volatile int *p = NULL;
    *p = 1;
  }
  if (x == 43) abort();
  return toy_classify(x) + 1;
}

int toy_hang(int x) {
  volatile int spin = 0;
  if (x > 0)
    for (;;) spin++;
  return spin;
}

/* Blocks every signal around its work, as LLVM does around each close(): a breakpoint in here
 * could not be delivered, so the discovery leaves this function's blocks out. */
__attribute__((noinline)) int toy_masked(int x) {
  sigset_t all, saved;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &saved);
  int y = 0;
  for (int i = 0; i < x; i++) {  /* a loop: block starts inside the window */
    if (i % 5 == 3) y += i;
    else y -= 1;
  }
  pthread_sigmask(SIG_SETMASK, &saved, NULL);
  return y;
}

/* Runs at exit, after the Python interpreter is gone: its blocks must still be recorded. */
static volatile int toy_exits;
__attribute__((destructor)) static void toy_at_exit(void) {
  if (toy_exits++ == 0) toy_sum(3);
}
