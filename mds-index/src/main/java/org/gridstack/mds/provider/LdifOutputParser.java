package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldif.LDIFException;
import com.unboundid.ldif.LDIFReader;
import com.unboundid.ldif.TrailingSpaceBehavior;
import com.unboundid.ldap.sdk.LDAPException;
import java.io.InputStream;

/**
 * Turns a provider's standard output (LDIF, as MDS2 and BDII providers print it) into entries
 * with the SDK's {@link LDIFReader}. A broken record is logged with its line number and skipped;
 * the records after it are still read. At most {@code sizelimit} entries are kept (0: all), as
 * MDS2 did with a provider's {@code sizelimit}. Stateless and thread-safe.
 */
@ThreadSafe
public final class LdifOutputParser {
    private static final Logger log = LoggerFactory.getLogger(LdifOutputParser.class);
    /** Problems kept per run; a provider printing garbage must not fill the memory with messages. */
    static final int MAX_PROBLEMS = 20;

    /**
     * Parses {@code ldif}; {@code providerName} is used in problems and logs.
     *
     * @throws ProviderException when the text cannot be read at all
     */
    public ProviderOutput parse(String providerName, byte[] ldif, int sizelimit) throws ProviderException {
        requireNonNull(ldif, "ldif is null");
        return parse(providerName, new ByteArrayInputStream(ldif), sizelimit);
    }

    /**
     * Parses LDIF as it arrives on {@code ldif} (a provider's standard output), record by record,
     * so the output is never held whole; stops reading at the end of the stream or when
     * {@code sizelimit} entries are kept (the rest is not read). Does not close the stream.
     *
     * @throws ProviderException when the stream cannot be read at all
     */
    public ProviderOutput parse(String providerName, InputStream ldif, int sizelimit) throws ProviderException {
        requireNonNull(providerName, "providerName is null");
        requireNonNull(ldif, "ldif is null");
        List<Entry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int skipped = 0;
        try {
            LDIFReader reader = new LDIFReader(ldif); // not closed here: the caller owns the stream
            reader.setTrailingSpaceBehavior(TrailingSpaceBehavior.STRIP);
            while (true) {
                Entry entry;
                try {
                    entry = reader.readEntry();
                } catch (LDIFException e) {
                    skipped++;
                    String problem = "provider " + providerName + ": broken LDIF record skipped at line "
                            + e.getLineNumber() + ": " + e.getMessage();
                    log.warn(problem);
                    if (problems.size() < MAX_PROBLEMS) {
                        problems.add(problem);
                    }
                    if (!e.mayContinueReading()) {
                        break; // the reader lost its place: keep what was read before
                    }
                    continue;
                }
                if (entry == null) {
                    break;
                }
                try {
                    entry.getParsedDN();
                } catch (LDAPException e) {
                    skipped++;
                    String problem = "provider " + providerName + ": record skipped, its DN '" + entry.getDN()
                            + "' is not a valid DN (record " + (entries.size() + skipped) + ")";
                    log.warn(problem);
                    if (problems.size() < MAX_PROBLEMS) {
                        problems.add(problem);
                    }
                    continue;
                }
                if (sizelimit > 0 && entries.size() >= sizelimit) {
                    String problem = "provider " + providerName + ": sizelimit " + sizelimit
                            + " reached; entries from " + entry.getDN() + " on are dropped";
                    log.warn(problem);
                    problems.add(problem);
                    break;
                }
                entries.add(entry);
            }
        } catch (IOException e) {
            throw new ProviderException("provider " + providerName + ": cannot read its output: " + e.getMessage(), e);
        }
        if (skipped > MAX_PROBLEMS) {
            problems.add("provider " + providerName + ": " + (skipped - MAX_PROBLEMS) + " more broken records not listed");
        }
        return new ProviderOutput(entries, problems, Instant.now());
    }
}
