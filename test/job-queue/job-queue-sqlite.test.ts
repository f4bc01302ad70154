import { describeJobQueueConformance } from "./job-queue.conformance.js";

describeJobQueueConformance("sqlite");
