// A user's Vitest setup file, listed before the kit's: every timer is fake before the kit loads.
import { vi } from 'vitest';

vi.useFakeTimers();
