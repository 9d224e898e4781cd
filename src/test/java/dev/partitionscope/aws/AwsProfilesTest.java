package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AwsProfilesTest {
    private static final String CONFIG = """
            [default]
            region = eu-west-1

            [profile sso-dev]
            sso_session = corp
            sso_account_id = 111122223333
            sso_role_name = ReadOnly
            region = eu-central-1

            [profile legacy-sso]
            sso_start_url = https://corp.awsapps.com/start
            sso_region = us-east-1
            sso_account_id = 111122223333
            sso_role_name = Admin

            [profile plain]
            region = us-west-2

            [sso-session corp]
            sso_start_url = https://corp.awsapps.com/start
            sso_region = eu-west-1
            """;
    private static final String CREDENTIALS = """
            [ci]
            aws_access_key_id = AKIAIOSFODNN7EXAMPLE
            aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
            """;

    @TempDir
    Path dir;

    private Path config;
    private Path credentials;

    @BeforeEach
    void files() {
        config = dir.resolve("config");
        credentials = dir.resolve("credentials");
    }

    private AwsProfiles profiles(Map<String, String> env) throws IOException {
        Files.writeString(config, CONFIG);
        Files.writeString(credentials, CREDENTIALS);
        return AwsProfiles.from(config, credentials, env);
    }

    @Test
    void missingFilesGiveNoProfilesAndNoProblems() {
        AwsProfiles none = AwsProfiles.from(config, credentials, Map.of());

        assertThat(none.list()).isEmpty();
        assertThat(none.problems()).isEmpty();
        assertThat(none.find("default")).isEmpty();
        assertThat(none.regionFor(null)).isEmpty();
        assertThat(none.availableSentence()).isEqualTo(" No profiles were found at all.");
    }

    @Test
    void profilesFromBothFilesAreListedByNameWithoutSsoSessions() throws IOException {
        AwsProfiles profiles = profiles(Map.of());

        assertThat(profiles.list())
                .extracting(AwsProfiles.ProfileInfo::name)
                .containsExactly("ci", "default", "legacy-sso", "plain", "sso-dev");
        assertThat(profiles.problems()).isEmpty();
    }

    @Test
    void anUnknownProfileIsNotFoundAndTheOthersAreNamed() throws IOException {
        AwsProfiles profiles = profiles(Map.of());

        assertThat(profiles.find("prod")).isEmpty();
        assertThat(profiles.availableSentence()).isEqualTo(" Profiles found: ci, default, legacy-sso, plain, sso-dev.");
    }

    @Test
    void ssoProfilesAreRecognisedBySessionOrStartUrl() throws IOException {
        AwsProfiles profiles = profiles(Map.of());

        AwsProfiles.ProfileInfo session = profiles.find("sso-dev").orElseThrow();
        AwsProfiles.ProfileInfo legacy = profiles.find("legacy-sso").orElseThrow();
        AwsProfiles.ProfileInfo plain = profiles.find("plain").orElseThrow();

        assertThat(session.sso()).isTrue();
        assertThat(session.region()).isEqualTo("eu-central-1");
        assertThat(session.label()).isEqualTo("sso-dev · eu-central-1 · SSO");
        assertThat(legacy.sso()).isTrue();
        assertThat(legacy.ssoStartUrl()).isEqualTo("https://corp.awsapps.com/start");
        assertThat(legacy.region()).isNull();
        assertThat(plain.sso()).isFalse();
        assertThat(plain.label()).isEqualTo("plain · us-west-2");
    }

    @Test
    void aProfileGivesItsOwnRegionOrNone() throws IOException {
        AwsProfiles profiles = profiles(Map.of("AWS_REGION", "ap-south-1"));

        assertThat(profiles.regionFor("plain")).contains("us-west-2");
        assertThat(profiles.regionFor("ci")).isEmpty();
        assertThat(profiles.regionFor("nope")).isEmpty();
    }

    @Test
    void theDefaultChainRegionComesFromAwsRegionFirst() throws IOException {
        AwsProfiles profiles =
                profiles(Map.of("AWS_REGION", "ap-south-1", "AWS_DEFAULT_REGION", "sa-east-1", "AWS_PROFILE", "plain"));

        assertThat(profiles.regionFor(null)).contains("ap-south-1");
    }

    @Test
    void theDefaultChainRegionComesFromAwsDefaultRegionSecond() throws IOException {
        AwsProfiles profiles =
                profiles(Map.of("AWS_REGION", " ", "AWS_DEFAULT_REGION", "sa-east-1", "AWS_PROFILE", "plain"));

        assertThat(profiles.regionFor(null)).contains("sa-east-1");
    }

    @Test
    void theDefaultChainRegionComesFromAwsProfileThird() throws IOException {
        AwsProfiles profiles = profiles(Map.of("AWS_PROFILE", "plain"));

        assertThat(profiles.defaultProfileName()).isEqualTo("plain");
        assertThat(profiles.regionFor(null)).contains("us-west-2");
    }

    @Test
    void theDefaultChainRegionFallsBackToTheDefaultProfile() throws IOException {
        AwsProfiles profiles = profiles(Map.of());

        assertThat(profiles.defaultProfileName()).isEqualTo("default");
        assertThat(profiles.regionFor(null)).contains("eu-west-1");
    }

    @Test
    void aDefaultProfileInTheCredentialsFileOnlyIsListed() throws IOException {
        Files.writeString(credentials, """
                [default]
                aws_access_key_id = AKIAIOSFODNN7EXAMPLE
                aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
                """);
        AwsProfiles profiles = AwsProfiles.from(config, credentials, Map.of());

        assertThat(profiles.list()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("default");
            assertThat(p.sso()).isFalse();
            assertThat(p.region()).isNull();
        });
        assertThat(profiles.regionFor(null)).isEmpty();
    }

    @Test
    void aMalformedFileIsReportedAsAProblemAndTheOtherFileStillCounts() throws IOException {
        Files.writeString(config, "[profile broken\nregion = eu-west-1\n");
        Files.writeString(credentials, CREDENTIALS);

        AwsProfiles profiles = AwsProfiles.from(config, credentials, Map.of());

        assertThat(profiles.problems()).singleElement().asString().startsWith("Could not read " + config + ": ");
        assertThat(profiles.list()).extracting(AwsProfiles.ProfileInfo::name).containsExactly("ci");
    }

    @Test
    void openingAnUnknownProfileNamesItAndTheAvailableOnes() throws IOException {
        ConnectionFactory factory = new ConnectionFactory(profiles(Map.of()));

        ConnectException e = catchThrowableOfType(
                ConnectException.class, () -> factory.open(ConnectionSpec.aws("prod", "prod-admin", "eu-west-1")));

        assertThat(e.userMessage().headline()).isEqualTo("Unknown AWS profile 'prod-admin'");
        assertThat(e.userMessage().detail())
                .contains(config.toString())
                .contains(credentials.toString())
                .endsWith("Profiles found: ci, default, legacy-sso, plain, sso-dev.");
        assertThat(e.userMessage().hint()).contains("aws configure --profile prod-admin");
        assertThat(e).hasMessageContaining("prod-admin");
    }

    @Test
    void openingAnAwsConnectionWithNoRegionAnywhereIsRefused() {
        ConnectionFactory factory = new ConnectionFactory(AwsProfiles.from(config, credentials, Map.of()));

        ConnectException e = catchThrowableOfType(
                ConnectException.class, () -> factory.open(ConnectionSpec.aws("cloud", null, null)));

        assertThat(e.userMessage().headline()).isEqualTo("No region for this connection");
        assertThat(e.userMessage().detail()).isEqualTo("The default profile sets no region and none was chosen.");
        assertThat(e.userMessage().hint()).contains(config.toString());
    }

    @Test
    void openingAProfileWithoutRegionNamesTheProfile() throws IOException {
        ConnectionFactory factory = new ConnectionFactory(profiles(Map.of()));

        ConnectException e =
                catchThrowableOfType(ConnectException.class, () -> factory.open(ConnectionSpec.aws("ci", "ci", null)));

        assertThat(e.userMessage().detail()).isEqualTo("Profile 'ci' sets no region and none was chosen.");
    }

    @Test
    void openingAnAwsConnectionTakesTheRegionFromTheProfileWithoutSendingAnything() throws IOException {
        ConnectionFactory factory = new ConnectionFactory(profiles(Map.of()));

        try (Connection connection = factory.open(ConnectionSpec.aws("plain", "plain", null))) {
            assertThat(connection.region()).isEqualTo("us-west-2");
            assertThat(connection.whereLabel()).isEqualTo("AWS · us-west-2 · profile plain");
            assertThat(connection.guard().isReadOnly()).isTrue();
        }
    }
}
