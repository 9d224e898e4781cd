package dev.partitionscope.aws;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A saved or ad-hoc connection. It deliberately has no field for a secret: AWS credentials come from the AWS
 * credential chain (profiles, SSO, environment), and local endpoints get a dummy secret at connect time. The access
 * key id is kept for local endpoints only, because DynamoDB Local keeps one database per access key and region.
 *
 * @param profile  AWS profile name, or null for the default credential chain (AWS kind only)
 * @param region   region name; for AWS null means "the profile's region"
 * @param endpoint endpoint URL for local kinds, null for AWS
 * @param labProxyPort for LocalStack and custom endpoints: put the Lab in front as a metering, throttling proxy on
 *                 this 127.0.0.1 port (your own app points there too); null for a direct connection
 */
public record ConnectionSpec(
        String name,
        ConnectionKind kind,
        String profile,
        String region,
        String endpoint,
        String accessKeyId,
        Integer labProxyPort) {

    public static final String LOCALSTACK_URL = "http://localhost:4566";
    public static final String LOCAL_REGION = "us-east-1";
    public static final String LOCAL_ACCESS_KEY = "test";

    private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-\\d{1,2}");

    public ConnectionSpec {
        name = trimToNull(name);
        profile = trimToNull(profile);
        region = trimToNull(region);
        endpoint = trimToNull(endpoint);
        accessKeyId = trimToNull(accessKeyId);
        if (kind == ConnectionKind.AWS) {
            endpoint = null;
            accessKeyId = null;
        } else {
            profile = null;
        }
        if (kind != ConnectionKind.LOCALSTACK && kind != ConnectionKind.CUSTOM) {
            labProxyPort = null;
        }
    }

    public ConnectionSpec(
            String name, ConnectionKind kind, String profile, String region, String endpoint, String accessKeyId) {
        this(name, kind, profile, region, endpoint, accessKeyId, null);
    }

    public static ConnectionSpec aws(String name, String profile, String region) {
        return new ConnectionSpec(name, ConnectionKind.AWS, profile, region, null, null);
    }

    public static ConnectionSpec localStack() {
        return new ConnectionSpec(
                "LocalStack", ConnectionKind.LOCALSTACK, null, LOCAL_REGION, LOCALSTACK_URL, LOCAL_ACCESS_KEY);
    }

    public static ConnectionSpec custom(String name, String endpoint, String region, String accessKeyId) {
        return new ConnectionSpec(name, ConnectionKind.CUSTOM, null, region, endpoint, accessKeyId);
    }

    public static ConnectionSpec lab() {
        return new ConnectionSpec("Lab", ConnectionKind.LAB, null, LOCAL_REGION, null, LOCAL_ACCESS_KEY);
    }

    public ConnectionSpec withName(String newName) {
        return new ConnectionSpec(newName, kind, profile, region, endpoint, accessKeyId, labProxyPort);
    }

    public ConnectionSpec withEndpoint(String newEndpoint) {
        return new ConnectionSpec(name, kind, profile, region, newEndpoint, accessKeyId, labProxyPort);
    }

    public ConnectionSpec withLabProxyPort(Integer port) {
        return new ConnectionSpec(name, kind, profile, region, endpoint, accessKeyId, port);
    }

    /**
     * What is wrong with this spec, as sentences that say how to fix it; empty when it can be used.
     * The AWS region may be missing here: it then comes from the profile, checked when connecting.
     */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (name == null) {
            problems.add("Give the connection a name.");
        }
        if (kind == null) {
            problems.add("Choose what to connect to: AWS, LocalStack, a custom endpoint or the Lab.");
            return problems;
        }
        if (region != null && !REGION.matcher(region).matches()) {
            problems.add("'" + region + "' is not a region name: write it like us-east-1 or eu-west-2.");
        }
        if (kind == ConnectionKind.LOCALSTACK || kind == ConnectionKind.CUSTOM) {
            String endpointProblem = endpointProblem(endpoint);
            if (endpointProblem != null) {
                problems.add(endpointProblem);
            }
            if (region == null) {
                problems.add("Enter a region (us-east-1 is the usual one for local endpoints).");
            }
            if (labProxyPort != null && (labProxyPort < 1 || labProxyPort > 65535)) {
                problems.add("The Lab proxy port must be between 1 and 65535 (8000 is the usual choice).");
            }
            if (accessKeyId == null) {
                problems.add("Enter an access key id (any value, e.g. 'test'; DynamoDB Local keeps one database per key"
                        + " and region).");
            } else if (!accessKeyId.matches("[A-Za-z0-9]+")) {
                problems.add("The access key id may only hold letters and digits (DynamoDB Local rejects others).");
            }
        }
        return problems;
    }

    /** Null when the URL is usable, else a sentence saying what to write instead. */
    public static String endpointProblem(String endpoint) {
        if (endpoint == null || endpoint.isBlank()) {
            return "Enter the endpoint URL, e.g. http://localhost:8000.";
        }
        if (!endpoint.contains("://")) {
            // "127.0.0.1:8000" does not even parse as a URI; "localhost:8000" parses with scheme "localhost".
            return "Endpoint '" + endpoint + "' needs http:// or https:// in front, e.g. http://" + endpoint.trim()
                    + ".";
        }
        try {
            URI uri = new URI(endpoint.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return "Endpoint '" + endpoint + "' needs http:// or https:// in front, e.g. http://"
                        + stripScheme(endpoint) + ".";
            }
            if (uri.getHost() == null) {
                return "Endpoint '" + endpoint + "' has no host name: write it like http://localhost:8000.";
            }
            if (uri.getPath() != null
                    && !uri.getPath().isEmpty()
                    && !uri.getPath().equals("/")) {
                return "Endpoint '" + endpoint + "' has a path; DynamoDB endpoints are just scheme, host and port"
                        + " (http://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "") + ").";
            }
            return null;
        } catch (URISyntaxException e) {
            return "Endpoint '" + endpoint + "' is not a valid URL (" + e.getReason() + "): write it like"
                    + " http://localhost:8000.";
        }
    }

    private static String stripScheme(String endpoint) {
        int i = endpoint.indexOf("://");
        return i >= 0 ? endpoint.substring(i + 3) : endpoint;
    }

    /** One line for the status bar: where this connection goes. */
    public String whereLabel() {
        return switch (kind) {
            case AWS ->
                "AWS · " + (region == null ? "profile region" : region)
                        + (profile == null ? " · default credentials" : " · profile " + profile);
            case LAB -> "Lab (built in, this machine)";
            default ->
                endpoint + (labProxyPort == null ? "" : " via Lab proxy :" + labProxyPort) + " · " + region + " · key "
                        + accessKeyId;
        };
    }

    private static String trimToNull(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        return t.isEmpty() ? null : t;
    }
}
