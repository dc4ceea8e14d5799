import { tool } from '@openai/agents';
import { ScriptedModel, functionCall, assistantMessage } from '@openai/agents/testing';
import { z } from 'zod';
import { model } from '../dist/index.js';
const getWeather = tool({ name: 'get_weather', description: 'w', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `x` });
function t(name, f, n=200000){ for(let i=0;i<n/10;i++) f(); const s=performance.now(); for(let i=0;i<n;i++) f(); console.log(name, ((performance.now()-s)/n*1000).toFixed(2),'µs'); }
let sink;
t('model()', ()=>{ sink = model(); });
t('model().calls().thenReplies()', ()=>{ sink = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.'); });
t('ScriptedModel', ()=>{ sink = new ScriptedModel([[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage('It is sunny in Tokyo.')]]); });
