package org.gridstack.rgma.web;

/** The error shape of every answer that is not 2xx. */
public record ApiError(int status, String error, String message) {
}
