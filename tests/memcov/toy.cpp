// The sancov test target: branches, a std::map, exceptions, a crash and a hang, built through
// memcov-clang++ by the tests.
#include <csignal>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

extern "C" int toy_classify(int x) {
  if (x < 0) return -1;
  if (x == 0) return 0;
  if (x % 2 == 0) {
    if (x > 100) return 4;
    return 2;
  }
  if (x % 3 == 0) return 3;
  return 1;
}

extern "C" int toy_map(int n) {
  std::map<std::string, int> m;
  for (int i = 0; i < n; i++) m[std::to_string(i % 7)] += i;
  int s = 0;
  for (auto &kv : m) s += kv.second;
  auto it = m.find("3");
  return it == m.end() ? s : s + it->second;
}

static int checked_div(int a, int b) {
  if (b == 0) throw std::invalid_argument("division by zero");
  if (a < 0) throw std::out_of_range("negative");
  return a / b;
}

extern "C" int toy_except(int a, int b) {
  try {
    return checked_div(a, b);
  } catch (const std::invalid_argument &) {
    return -1;
  } catch (const std::exception &) {
    return -2;
  }
}

extern "C" int toy_crash(int x) {
  if (x == 42) {
    volatile int *p = nullptr;
    *p = 1;
  }
  if (x == 43) abort();
  return toy_classify(x);
}

extern "C" int toy_hang(int x) {
  volatile int spin = 0;
  if (x > 0)
    for (;;) spin++;
  return spin;
}
