import { ensureGazetteerFile } from './gazetteer';

/**
 * Builds the gazetteer file in the directory given as the only argument. Run by the server in a
 * child process (buildGazetteerFileApart), so the few hundred MB the build reads are freed with it.
 */
ensureGazetteerFile(process.argv[2]!);
