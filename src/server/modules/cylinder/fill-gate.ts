/** The fill gate lives in src/shared/cylinder/gate.ts (the stations check the same rules offline). */
export { designLife, fillGateReasons, type GateCylinder, type GateGas, type GateReason, type GateReasonCode } from '@shared/cylinder/gate';
