package dev.partitionscope.aws;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileLocation;

/**
 * The user's AWS profiles, read from the same config and credentials files the AWS CLI uses (honouring
 * {@code AWS_CONFIG_FILE} / {@code AWS_SHARED_CREDENTIALS_FILE}). Only names, regions and whether a profile uses SSO
 * are exposed: PartitionScope never reads or stores key material itself; the SDK's provider does that at call time.
 */
public final class AwsProfiles {

    /** A profile as the connection dialog lists it. */
    public record ProfileInfo(String name, String region, boolean sso, String ssoStartUrl) {
        public String label() {
            return name + (region == null ? "" : " · " + region) + (sso ? " · SSO" : "");
        }
    }

    private final Path configFile;
    private final Path credentialsFile;
    private final Map<String, String> environment;
    private final ProfileFile profileFile;
    private final Map<String, ProfileInfo> profiles;
    private final List<String> problems;

    private AwsProfiles(Path configFile, Path credentialsFile, Map<String, String> environment) {
        this.configFile = configFile;
        this.credentialsFile = credentialsFile;
        this.environment = Map.copyOf(environment);
        List<String> readProblems = new ArrayList<>();
        ProfileFile.Aggregator aggregator = ProfileFile.aggregator();
        addIfReadable(aggregator, configFile, ProfileFile.Type.CONFIGURATION, readProblems);
        addIfReadable(aggregator, credentialsFile, ProfileFile.Type.CREDENTIALS, readProblems);
        this.profileFile = aggregator.build();
        this.problems = List.copyOf(readProblems);
        Map<String, ProfileInfo> infos = new TreeMap<>();
        profileFile.profiles().forEach((name, profile) -> infos.put(name, info(name, profile)));
        this.profiles = infos;
    }

    /** Profiles from the files the AWS CLI would read on this machine. */
    public static AwsProfiles fromEnvironment() {
        return new AwsProfiles(
                ProfileFileLocation.configurationFilePath(),
                ProfileFileLocation.credentialsFilePath(),
                System.getenv());
    }

    /** Profiles from explicit files (either may be missing), with an explicit environment; for tests and tools. */
    public static AwsProfiles from(Path configFile, Path credentialsFile, Map<String, String> environment) {
        return new AwsProfiles(configFile, credentialsFile, environment);
    }

    private static void addIfReadable(
            ProfileFile.Aggregator aggregator, Path file, ProfileFile.Type type, List<String> problems) {
        if (file == null || !Files.isRegularFile(file)) {
            return;
        }
        try {
            aggregator.addFile(ProfileFile.builder().content(file).type(type).build());
        } catch (RuntimeException e) {
            problems.add("Could not read " + file + ": " + e.getMessage());
        }
    }

    private static ProfileInfo info(String name, Profile profile) {
        Optional<String> startUrl = profile.property("sso_start_url");
        boolean sso = startUrl.isPresent()
                || profile.property("sso_session").isPresent()
                || profile.property("sso_account_id").isPresent();
        return new ProfileInfo(name, profile.property("region").orElse(null), sso, startUrl.orElse(null));
    }

    public List<ProfileInfo> list() {
        return List.copyOf(profiles.values());
    }

    public Optional<ProfileInfo> find(String name) {
        return Optional.ofNullable(profiles.get(name));
    }

    /** Problems met while reading the files (malformed lines etc.), to show next to the profile list. */
    public List<String> problems() {
        return problems;
    }

    /**
     * The profile the default chain uses: {@code AWS_PROFILE} if set, else "default".
     */
    public String defaultProfileName() {
        String fromEnv = environment.get("AWS_PROFILE");
        return fromEnv == null || fromEnv.isBlank() ? "default" : fromEnv;
    }

    /**
     * The region a connection with this profile (null = default chain) would use if the user picks none:
     * {@code AWS_REGION} / {@code AWS_DEFAULT_REGION} for the default chain, else the profile's own region.
     */
    public Optional<String> regionFor(String profileName) {
        if (profileName == null) {
            for (String var : List.of("AWS_REGION", "AWS_DEFAULT_REGION")) {
                String value = environment.get(var);
                if (value != null && !value.isBlank()) {
                    return Optional.of(value.trim());
                }
            }
        }
        String name = profileName == null ? defaultProfileName() : profileName;
        return find(name).map(ProfileInfo::region);
    }

    /** " Profiles found: a, b." or a sentence saying none were found. */
    public String availableSentence() {
        if (profiles.isEmpty()) {
            return " No profiles were found at all.";
        }
        return " Profiles found: " + String.join(", ", profiles.keySet()) + ".";
    }

    public Path configFile() {
        return configFile;
    }

    public Path credentialsFile() {
        return credentialsFile;
    }

    ProfileFile profileFile() {
        return profileFile;
    }
}
