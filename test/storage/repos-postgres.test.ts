import { describeRepositoryConformance } from "./repos.conformance.js";

describeRepositoryConformance("postgres");
