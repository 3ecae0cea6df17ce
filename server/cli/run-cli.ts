/** Runs a command-line task: a clear one-line message and exit code 1 on failure, no stack for config errors. */
export async function runCli(task: () => Promise<void>) {
  try {
    await task();
  } catch (error) {
    if (error instanceof Error && error.name === "InvalidConfigurationError") console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
