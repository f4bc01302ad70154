import { describeRepositoryConformance } from "./repos.conformance.js";

describeRepositoryConformance("sqlite");
