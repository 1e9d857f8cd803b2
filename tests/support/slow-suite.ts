// Integration and browser suites start a runtime, a database and maybe a browser
// in their hooks: seconds, on a busy 2-core machine. Jest's testTimeout is
// global-only, so projects set theirs here.
jest.setTimeout(120_000);
