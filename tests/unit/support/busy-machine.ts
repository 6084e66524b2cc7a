import { configure } from '@testing-library/dom';

// The unit suites run beside the emulators and other suites, and CI may be busier still: a test waits on
// its condition for up to 10 s (testing-library's findBy and waitFor; their default is 1 s), and on the test
// as a whole for 60 s (vitest.config.ts). A passing test takes no longer for it; only a failing one waits.
configure({ asyncUtilTimeout: 10_000 });
