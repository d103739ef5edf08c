package org.gridstack.frontier.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.web.servlet.error.ErrorMvcAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.support.SpringBootServletInitializer;

/**
 * Entry point of the executable jar ({@code java -jar frontier-servlet.jar}) and of the WAR on a
 * stock Tomcat 10.1 (through {@link SpringBootServletInitializer}).
 */
// no Spring error controller: a direct GET /error is then an unknown path (404), and errors no
// handler wrote reach Tomcat's error report valve, which answers in the service's own shape
@SpringBootApplication(scanBasePackages = "org.gridstack.frontier", exclude = ErrorMvcAutoConfiguration.class)
public class FrontierApplication extends SpringBootServletInitializer {
    public FrontierApplication() {
        // in the WAR, Spring's ErrorPageFilter would swallow an exception thrown after commit (it
        // only logs it), and Tomcat would then end the abandoned answer as if it were complete;
        // without the filter the stock ErrorReportValve closes the connection (AbortedAnswerException)
        setRegisterErrorPageFilter(false);
    }

    public static void main(String[] args) {
        SpringApplication.run(FrontierApplication.class, args);
    }

    @Override
    protected SpringApplicationBuilder configure(SpringApplicationBuilder builder) {
        return builder.sources(FrontierApplication.class);
    }
}
