/**
 * `CpeTracker-<stage>-edge`, in us-east-1: what CloudFront needs from that
 * region (decision 041). AWS keeps CLOUDFRONT-scope web ACLs there; the
 * stage's stack in its own region reads the ACL's ARN through CDK's
 * cross-region references: with cdk.json's weak cross-stack references an
 * output of this stack, read there by CloudFormation's Fn::GetStackOutput
 * (no custom resource). One `cdk deploy --all` deploys both, this one first. The WAF's blocked-request metrics are published in
 * us-east-1 too, so its alarm and the alarm topic it notifies live here, as
 * does the alarm on CloudFront's 5xx error rate (published there only).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type StageConfig, EDGE_REGION } from './config';
import {
  AlarmTopic,
  cloudFront5xxAlarm,
  type MonitoredWebAcl,
  wafBlockedAlarm,
} from './monitoring';
import { CloudFrontWebAcl } from './waf';

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

export class EdgeStack extends Stack {
  readonly webAcl: CloudFrontWebAcl;
  readonly alarmTopic: AlarmTopic;
  readonly monitoredAcl: MonitoredWebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      env: { account: config.account, region: EDGE_REGION },
      crossRegionReferences: true,
    });
    this.webAcl = new CloudFrontWebAcl(this, 'CloudFrontWaf', { stage: config.stage });
    this.alarmTopic = new AlarmTopic(this, 'Alarms', {
      stage: config.stage,
      alarmEmail: config.alarmEmail,
    });
    this.monitoredAcl = { name: this.webAcl.name, region: EDGE_REGION, scope: 'CLOUDFRONT' };
    wafBlockedAlarm(this, 'WafBlocked', this.monitoredAcl, this.alarmTopic);
    cloudFront5xxAlarm(this, 'CloudFront5xx', config.stage, this.alarmTopic);
  }
}
