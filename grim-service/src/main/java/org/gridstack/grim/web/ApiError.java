package org.gridstack.grim.web;

/** The error shape of every API answer that is not 2xx (JSON, or XML on request). */
public record ApiError(int status, String error, String message) {
}
