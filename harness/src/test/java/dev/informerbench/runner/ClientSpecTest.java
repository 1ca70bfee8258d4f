package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --clients}: what it takes, and one line naming what is accepted for what it does not. */
class ClientSpecTest {
    private static final Function<ClientType, String> DEFAULTS = t -> switch (t) {
        case CLIENT_JAVA -> "27.0.0";
        case FABRIC8 -> "8.0.0";
        case CLIENT_GO -> "0.36.3";
    };

    private static List<ClientSpec> parse(String list) {
        return ClientSpec.parse(list, DEFAULTS);
    }

    @Test
    void clientsInTheGivenOrderAtTheirDefaultOrGivenVersions() {
        assertThat(parse("client-java, fabric8@7.5.0 ,client-go")).extracting(ClientSpec::label)
                .containsExactly("client-java 27.0.0", "fabric8 7.5.0", "client-go 0.36.3");
        assertThat(parse("fabric8,fabric8@7.5.0,client-java@26.0.0,client-java")).extracting(ClientSpec::label)
                .containsExactly("fabric8 8.0.0", "fabric8 7.5.0", "client-java 26.0.0", "client-java 27.0.0");
        assertThat(parse("client-go").get(0).param()).isEqualTo("client=CLIENT_GO");
    }

    @Test
    void aClientListedTwiceIsAnAaPairWhoseRepeatIsLabelledApart() {
        List<ClientSpec> specs = parse("fabric8,client-go,fabric8@8.0.0,client-go,fabric8@7.5.0");
        assertThat(ClientSpec.labels(specs)).containsExactly("fabric8 8.0.0", "client-go 0.36.3", "fabric8 8.0.0 #2",
                "client-go 0.36.3 #2", "fabric8 7.5.0");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'' | --clients names no client; " + ClientSpec.ACCEPTED,
        "client-java,,fabric8 | --clients 'client-java,,fabric8' has an empty item; " + ClientSpec.ACCEPTED,
        "client-java,okhttp | --clients: unknown client 'okhttp'; " + ClientSpec.ACCEPTED,
        "fabric8,fabric8@8.0.0,fabric8 | --clients lists fabric8 8.0.0 three times; " + ClientSpec.ACCEPTED,
        "client-go@0.36.3 | "
                + "--clients: client-go takes no version (client-go@0.36.3): it is the k8s.io/client-go that "
                + "clientgo/go.mod pins, or a module folder (client-go@../client-go); " + ClientSpec.ACCEPTED,
        "fabric8@8.x | --clients: fabric8 version '8.x' is not a release like 27.0.0 or a local build like "
                + "27.0.1-SNAPSHOT; " + ClientSpec.ACCEPTED,
        "fabric8@6.13.0 | "
                + "--clients: fabric8 version 6.13.0 is older than 7.5.0, whose informer and WatchList API the "
                + "fabric8 adapter is written against; accepted: 7.5.0 and later",
        "fabric8@7.4.0 | "
                + "--clients: fabric8 version 7.4.0 is older than 7.5.0, whose informer and WatchList API the "
                + "fabric8 adapter is written against; accepted: 7.5.0 and later",
        "client-java@19.0.0 | "
                + "--clients: client-java version 19.0.0 is older than 20.0.0, whose request-builder API the suite "
                + "is written against; accepted: 20.0.0 and later",
        "client-java@ | --clients: client-java version '' is not a release like 27.0.0 or a local build like "
                + "27.0.1-SNAPSHOT; " + ClientSpec.ACCEPTED,
    })
    void badInputIsOneLineNamingWhatIsAccepted(String list, String message) {
        assertThatThrownBy(() -> parse(list)).isInstanceOf(IllegalArgumentException.class).hasMessage(message)
                .satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
    }
}
