import { RunWakeups } from './run-wakeups';

describe(RunWakeups.name, () => {
  afterEach(() => jest.useRealTimers());

  it('wakes the waiters of a run when it changes, not those of another run', async () => {
    jest.useFakeTimers();
    const wakeups = new RunWakeups();
    const woken: string[] = [];
    const a = wakeups.next('run-a', 60_000).then(() => woken.push('a'));
    void wakeups.next('run-b', 60_000).then(() => woken.push('b'));
    wakeups.changed('run-a');
    await a;
    expect(woken).toEqual(['a']);
  });

  it('lets a waiter go after its interval when nothing changes', async () => {
    jest.useFakeTimers();
    const wakeups = new RunWakeups();
    let woken = false;
    const waiting = wakeups.next('run-a', 200).then(() => (woken = true));
    await jest.advanceTimersByTimeAsync(199);
    expect(woken).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(woken).toBe(true);
    // Nothing is left registered: a later change wakes no one and throws nothing.
    wakeups.changed('run-a');
  });
});
