// Runs an async task so that at most one run is in flight, and any number of requests made during a
// run cause exactly one more run after it. Readers woken by a burst of notices use it to read once.

export function coalescedRun(task: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
