// One of two spec files that record into the same cassette and the same MCP recording at once,
// from two workers; each keeps its own conversation.
import { forecastTest } from './station';

forecastTest('south', 'north', 'Cape Town');
