/** OGSA-DQP (seed 003) re-implemented: data services, coordinator, evaluators, EntropyAnalyser. */
package org.gridstack.dqp;
