package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ListeningSocketsTest {
    @Test
    void parsesKernelHexAddresses() throws Exception {
        assertThat(ListeningSockets.parse("0100007F:1F90").toString()).isEqualTo("127.0.0.1:8080");
        assertThat(ListeningSockets.parse("00000000:0050").toString()).isEqualTo("0.0.0.0:80");
        assertThat(ListeningSockets.parse("00000000000000000000000001000000:0035").isLoopback()).isTrue();
        assertThat(ListeningSockets.parse("00000000000000000000000000000000:0035").isLoopback()).isFalse();
    }

    @Test
    void findsThisJvmsListenerAndItsAddress() throws Exception {
        try (ServerSocket loopback = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
                ServerSocket wildcard = new ServerSocket(0)) {
            var listeners = ListeningSockets.of(ProcessHandle.current().pid());
            assertThat(listeners).anyMatch(l -> l.port() == loopback.getLocalPort() && l.isLoopback());
            assertThat(listeners).anyMatch(l -> l.port() == wildcard.getLocalPort() && !l.isLoopback());
        }
    }
}
