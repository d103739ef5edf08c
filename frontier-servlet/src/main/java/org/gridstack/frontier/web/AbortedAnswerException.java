package org.gridstack.frontier.web;

import org.apache.coyote.CloseNowException;

/**
 * Thrown out of the servlet when an answer has to be abandoned after its headers were sent (an
 * error found once the response was committed). The answer must then end so that no cache and no
 * client can take it for complete: the connection is closed without the chunked encoding's last
 * chunk (HTTP/1.1) or before the envelope's end (HTTP/1.0, close-delimited).
 *
 * <p>It is Tomcat's {@link CloseNowException} because that is the exception Tomcat's
 * {@code StandardWrapperValve} treats as "close this connection" rather than a servlet failure: it
 * logs it at debug level only, marks the response as in error, and the host's
 * {@code ErrorReportValve}, finding the response committed and in error, flushes it and closes the
 * connection ({@code ActionCode.CLOSE_NOW}), which stops the terminating chunk from being written.
 * On the embedded server {@link org.gridstack.service.http.BrokenAnswerValve} does the closing before any error page can be
 * included into the broken body.
 */
public final class AbortedAnswerException extends CloseNowException {
    private static final long serialVersionUID = 1L;

    AbortedAnswerException(String reason) {
        super("answer abandoned after its headers were sent: " + reason, null);
    }
}
