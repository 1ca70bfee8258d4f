package dev.informerbench.local;

import java.nio.file.Path;

/** Takes the run lock in a process of its own, says so, and waits to be killed. */
public final class HoldRunLock {
    private HoldRunLock() {}

    public static void main(String[] args) throws InterruptedException {
        RunLock lock = RunLock.acquire(Path.of(args[0]), "a test holding the lock");
        System.out.println("held");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
        lock.close();
    }
}
